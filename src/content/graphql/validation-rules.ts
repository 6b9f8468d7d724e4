import { FieldsOnCorrectTypeRule, KnownTypeNamesRule, specifiedRules } from 'graphql';
import type { ValidationRule } from 'graphql';

/**
 * Craft drops two validation rules outside devMode
 * (docs/content-graphql.md#validation-and-errors-spec-16): a field missing on the static type is
 * then resolved on the runtime type (custom fields selected on EntryInterface work) or left out,
 * and an unknown type name fails later with the generic message.
 */
export function validationRules(devMode: boolean): readonly ValidationRule[] {
  if (devMode) return specifiedRules;
  return specifiedRules.filter(
    (rule) => rule !== FieldsOnCorrectTypeRule && rule !== KnownTypeNamesRule,
  );
}
