import { ValidateBy } from 'class-validator';
import { GrafanaError } from './grafana-error';
import { answeredAs } from './validation/grafana-validation.pipe';

/**
 * Grafana's `sort` query parameter: comma-separated options from a fixed list; an unknown one is
 * a structured 400. The chosen options are applied in the list's order of priority, whatever
 * order the caller gave (Grafana sorts them by field, then by name).
 */
export function parseSortOptions<T extends string>(raw: string, known: readonly T[]): T[] {
  if (raw === '') return [];
  const chosen = raw.split(',').map((option) => {
    const found = known.find((k) => k === option);
    if (found === undefined) {
      throw GrafanaError.structured(400, 'unknown sorting option', 'BadRequest');
    }
    return found;
  });
  const field = (option: T) => option.replace(/-(asc|desc)$/, '');
  const fields = [...new Set(known.map(field))];
  return chosen.sort(
    (a, b) => fields.indexOf(field(a)) - fields.indexOf(field(b)) || (a < b ? -1 : a > b ? 1 : 0),
  );
}

/** The `sort` field of a query DTO: every option known, else the structured 400 above. */
export function IsSortOptions(known: readonly string[]): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isSortOptions',
      validator: {
        validate: (value: unknown) =>
          value === '' ||
          (typeof value === 'string' && value.split(',').every((option) => known.includes(option))),
      },
    },
    answeredAs({ status: 400, messageId: 'unknown sorting option', message: 'BadRequest' }),
  );
}
