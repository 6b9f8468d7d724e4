import { Transform } from 'class-transformer';
import { allValues, firstValue, goAtoi, goParseBool } from '../go-query';
import { parseGoInt64, toRowId } from '../path-ids';

/*
 * Query DTO fields read with Grafana's lenient readers: a value Go cannot parse reads as the
 * zero value, never as an error. An absent key keeps the field's initial value (its zero value).
 */

/** `c.Query`: the first value. */
export function QueryString(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => firstValue(value));
}

/** `c.QueryInt`: the first value by strconv.Atoi, 0 when invalid. */
export function QueryInt(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => goAtoi(firstValue(value)));
}

/** `c.QueryBool`: the first value by strconv.ParseBool, false when invalid. */
export function QueryBool(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => goParseBool(firstValue(value)));
}

/** Every value of a repeated key parsed as an int64 id; values Go cannot parse are dropped. */
export function QueryIds(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    allValues(value)
      .map(parseGoInt64)
      .filter((id): id is bigint => id !== undefined)
      .map(toRowId),
  );
}
