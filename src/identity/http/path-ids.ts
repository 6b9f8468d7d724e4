import { GrafanaError } from './grafana-error';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Go's `strconv.ParseInt(s, 10, 64)`: an optional sign and decimal digits, nothing else, within
 * int64. Returns undefined when Go would fail.
 */
export function parseGoInt64(raw: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(raw)) return undefined;
  const value = BigInt(raw);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}

/**
 * A parsed id as a JS number. Ids beyond the safe integer range are valid int64 (as in Grafana)
 * but cannot name a row here: they come back as -1, which names no row (ids are positive).
 */
export function toRowId(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)
    ? -1
    : Number(value);
}

/** A numeric path parameter parsed as Grafana does, else 400 with Grafana's `<name> is invalid`. */
export function requirePathId(raw: string | undefined, name: string): number {
  const parsed = raw === undefined ? undefined : parseGoInt64(raw);
  if (parsed === undefined) throw GrafanaError.message(400, `${name} is invalid`, true);
  return toRowId(parsed);
}
