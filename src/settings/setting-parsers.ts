/**
 * Parsers for environment values, following the upstream service's conventions (Go envconfig):
 * booleans as Go's ParseBool, durations in Go syntax, lists `a,b`, maps `k1:v1,k2:v2`.
 * Each throws a plain Error whose message names the allowed values; the loader adds the variable name.
 */

const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

export function parseBool(raw: string): boolean {
  if (TRUE_WORDS.has(raw)) return true;
  if (FALSE_WORDS.has(raw)) return false;
  throw new Error('allowed values: true, false (also 1, 0, t, f, TRUE, FALSE)');
}

export function parseInteger(raw: string, min: number, max: number): number {
  if (!/^[+-]?\d+$/.test(raw.trim())) {
    throw new Error(`allowed values: an integer from ${min} to ${max}`);
  }
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`allowed values: an integer from ${min} to ${max}`);
  }
  return value;
}

export function parseNumber(raw: string, min: number, max: number): number {
  const value = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`allowed values: a number from ${min} to ${max}`);
  }
  return value;
}

const DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Go duration syntax (`300ms`, `1h30m`, `-1.5h`, `0`), returned in milliseconds. */
export function parseDuration(raw: string): number {
  const text = raw.trim();
  const fail = (): never => {
    throw new Error(
      'allowed values: a duration such as 500ms, 10s, 1m30s or 24h (units ns, us, ms, s, m, h)',
    );
  };
  if (text === '0' || text === '+0' || text === '-0') return 0;
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(text);
  if (!match) return fail();
  let total = 0;
  for (const part of text
    .replace(/^[+-]/, '')
    .matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    total += Number(part[1]) * DURATION_UNITS_MS[part[2]];
  }
  return match[1] === '-' ? -total : total;
}

export function parseList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** `k1:v1,k2:v2` (separator `:` by default; the xDS node metadata uses `=`). */
export function parseMap(raw: string, separator = ':'): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of parseList(raw)) {
    const at = item.indexOf(separator);
    if (at <= 0) {
      if (separator === '=') continue; // upstream ignores node metadata pairs without `=`
      throw new Error(`allowed values: a list of key${separator}value pairs separated by commas`);
    }
    result[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return result;
}

export function parseChoice<T extends string>(
  raw: string,
  choices: readonly T[],
  caseInsensitive = false,
): T {
  const wanted = caseInsensitive ? raw.toLowerCase() : raw;
  const found = choices.find(
    (choice) => (caseInsensitive ? choice.toLowerCase() : choice) === wanted,
  );
  if (found === undefined) throw new Error(`allowed values: ${choices.join(', ')}`);
  return found;
}
