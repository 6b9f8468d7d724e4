import { GraphQLID, GraphQLInputObjectType } from 'graphql';
import { ELEMENT_KINDS } from '../../model/element-kinds';
import { demoModel } from '../scope-grants.fixtures';
import { BUILT_IN_ARGUMENTS } from './argument-names';
import { kindArguments, RELATION_CRITERIA_FIELDS, type RelatableKind } from './element-arguments';
import type { SchemaScope } from './schema-scope';

/** A scope that may query everything, inactive elements included: every argument exists. */
function fullScope(): SchemaScope {
  const model = demoModel();
  return {
    canQuery: () => true,
    sections: model.model.sections,
    entryTypes: (section) => section.entryTypes,
    volumes: model.model.volumes,
    categoryGroups: model.model.categoryGroups,
    tagGroups: model.model.tagGroups,
    globalSets: model.model.globalSets,
    inactive: true,
    sites: model.sites.all,
    defaultSite: model.primarySite,
    directiveComponents: new Set(),
    allows: () => true,
  };
}

const criteriaInput = (kind: RelatableKind) =>
  new GraphQLInputObjectType({ name: `${kind}CriteriaInput`, fields: { id: { type: GraphQLID } } });

describe('Craft argument names', () => {
  // An argument the schema declares that the builder did not know as built-in would be taken for
  // a custom field's filter. (The builder knows more: Craft arguments we accept and ignore, such
  // as the draft ones, that no schema declares.)
  it.each(ELEMENT_KINDS.flatMap((kind) => [[kind, '4'] as const, [kind, '5'] as const]))(
    'every argument the schema declares is a built-in argument of the criteria builder (%s, Craft %s)',
    (kind, version) => {
      const declared = Object.keys(kindArguments(kind, fullScope(), [], criteriaInput, version));
      expect(declared.length).toBeGreaterThan(10);
      expect(declared.filter((name) => !BUILT_IN_ARGUMENTS[kind].has(name))).toEqual([]);
      expect(declared.includes('notRelatedTo')).toBe(version === '5');
    },
  );

  // A relation criteria input is read by the builder as the target kind's arguments.
  it.each(ELEMENT_KINDS)('Craft 5 relation criteria fields are built-in arguments (%s)', (kind) => {
    for (const name of Object.keys(RELATION_CRITERIA_FIELDS)) {
      expect(BUILT_IN_ARGUMENTS[kind].has(name)).toBe(true);
    }
  });
});
