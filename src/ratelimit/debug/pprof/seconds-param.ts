export interface SecondsRange {
  readonly fallback: number;
  readonly min: number;
  readonly max: number;
}

export type SecondsResult =
  | { readonly ok: true; readonly seconds: number }
  | { readonly ok: false; readonly message: string };

/**
 * The `seconds` query parameter of a profiling endpoint: absent or empty gives the fallback,
 * anything but a whole number within the range is refused (Go's pprof silently falls back to 30
 * instead, which makes a typo cost half a minute of profiling).
 */
export function parseSeconds(raw: unknown, range: SecondsRange): SecondsResult {
  if (raw === undefined || raw === '') return { ok: true, seconds: range.fallback };
  const expected = `seconds must be a whole number from ${range.min} to ${range.max}`;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) {
    return { ok: false, message: `${expected}, got ${JSON.stringify(raw)}` };
  }
  const seconds = Number(raw);
  if (seconds < range.min || seconds > range.max) {
    return { ok: false, message: `${expected}, got ${seconds}` };
  }
  return { ok: true, seconds };
}
