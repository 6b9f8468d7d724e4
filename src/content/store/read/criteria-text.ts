import { containsNul } from '../../../infra/http/validation/unstorable-text';
import type { ElementCriteria } from '../element-criteria';
import { ElementQueryError } from './element-query-error';

/**
 * Refuses criteria text PostgreSQL cannot take as a parameter (a NUL character): the GraphQL
 * client gets the argument's error (`Invalid search value: ...`) instead of a failed query, a
 * generic error and a stack in the log.
 * @throws ElementQueryError naming the criterion (a custom field by its handle)
 */
export function refuseUnstorableText(criteria: ElementCriteria): void {
  for (const [name, value] of Object.entries(criteria)) {
    if (name === 'fields') continue;
    if (containsNul(value)) throw nulError(name);
  }
  for (const filter of criteria.fields ?? []) {
    if (containsNul(filter.param)) throw nulError(filter.fieldHandle);
  }
}

function nulError(name: string): ElementQueryError {
  return new ElementQueryError(`Invalid ${name} value: text cannot contain a NUL character`);
}
