/**
 * Query parameters read as Grafana's macaron context reads them: the first value of a key
 * (`c.Query`), `c.QueryInt` (strconv.Atoi, 0 when invalid), `c.QueryBool` (strconv.ParseBool,
 * false when invalid) and `c.QueryStrings` (every value). Keys are case-sensitive. A raw value
 * is what Fastify's query parser gives: absent, one string, or the strings of a repeated key.
 */
export function firstValue(raw: unknown): string {
  if (Array.isArray(raw)) return typeof raw[0] === 'string' ? raw[0] : '';
  return typeof raw === 'string' ? raw : '';
}

export function allValues(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.filter((item): item is string => typeof item === 'string');
  return typeof raw === 'string' ? [raw] : [];
}

/**
 * strconv.Atoi; values outside the JS safe integer range count as invalid here (Grafana accepts
 * up to int64, but no page size or page number that large can be served).
 */
export function goAtoi(raw: string): number {
  if (!/^[+-]?\d+$/.test(raw)) return 0;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : 0;
}

const GO_TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);

export function goParseBool(raw: string): boolean {
  return GO_TRUE.has(raw);
}
