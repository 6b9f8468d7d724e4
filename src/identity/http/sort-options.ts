import { GrafanaError } from './grafana-error';

/**
 * Grafana's `sort` query parameter: comma-separated options from a fixed list; an unknown one is
 * a structured 400. The chosen options are applied in the list's order of priority, whatever
 * order the caller gave (Grafana sorts them by field, then by name).
 */
export function parseSortOptions<T extends string>(raw: string, known: readonly T[]): T[] {
  if (raw === '') return [];
  const chosen = raw.split(',').map((option) => {
    const found = known.find((k) => k === option);
    if (found === undefined)
      throw GrafanaError.structured(400, 'unknown sorting option', 'BadRequest');
    return found;
  });
  const field = (option: T) => option.replace(/-(asc|desc)$/, '');
  const fields = [...new Set(known.map(field))];
  return chosen.sort(
    (a, b) => fields.indexOf(field(a)) - fields.indexOf(field(b)) || (a < b ? -1 : a > b ? 1 : 0),
  );
}
