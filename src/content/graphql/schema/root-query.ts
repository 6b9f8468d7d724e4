import { GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap, GraphQLOutputType } from 'graphql';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import { rootFieldFromBase } from './base-declarations';
import { sectionUnion } from './element-types';
import type { SchemaTypes } from './schema-types';

type RootField = GraphQLFieldConfig<unknown, GraphqlRequestContext, GraphqlArgs>;

interface RootNames {
  readonly kind: ElementKind;
  readonly plural: string;
  readonly singular: string;
  /** Count queries exist for every kind but global sets. */
  readonly count: string | null;
  /** Craft 3.3 pre-release names, kept as deprecated aliases. */
  readonly legacyPlural: string;
  readonly legacySingular: string;
  readonly noun: string;
}

const ROOTS: readonly RootNames[] = [
  {
    kind: ElementKinds.entry,
    plural: 'entries',
    singular: 'entry',
    count: 'entryCount',
    legacyPlural: 'queryEntries',
    legacySingular: 'queryEntry',
    noun: 'entries',
  },
  {
    kind: ElementKinds.asset,
    plural: 'assets',
    singular: 'asset',
    count: 'assetCount',
    legacyPlural: 'queryAssets',
    legacySingular: 'queryAsset',
    noun: 'assets',
  },
  {
    kind: ElementKinds.user,
    plural: 'users',
    singular: 'user',
    count: 'userCount',
    legacyPlural: 'queryUsers',
    legacySingular: 'queryUser',
    noun: 'users',
  },
  {
    kind: ElementKinds.globalSet,
    plural: 'globalSets',
    singular: 'globalSet',
    count: null,
    legacyPlural: 'queryGlobalSets',
    legacySingular: 'queryGlobalSet',
    noun: 'global sets',
  },
  {
    kind: ElementKinds.category,
    plural: 'categories',
    singular: 'category',
    count: 'categoryCount',
    legacyPlural: 'queryCategories',
    legacySingular: 'queryCategory',
    noun: 'categories',
  },
  {
    kind: ElementKinds.tag,
    plural: 'tags',
    singular: 'tag',
    count: 'tagCount',
    legacyPlural: 'queryTags',
    legacySingular: 'queryTag',
    noun: 'tags',
  },
];

function listField(
  kind: ElementKind,
  type: GraphQLOutputType,
  args: GraphQLFieldConfigArgumentMap,
  description: string,
  fixed?: GraphqlArgs,
): RootField {
  return {
    type: new GraphQLList(type),
    args,
    description,
    resolve: (_root, queryArgs, context) => context.elements.all(kind, queryArgs, fixed),
  };
}

/**
 * `Query` (docs/content-graphql.md#root-fields-spec-31): `ping`, then per kind the scope can query
 * its plural, singular and count fields, the `<section>Entries` fields, and Craft 3.3's
 * `query<Kind>` names as deprecated aliases. With the code-first base, the fields it declares take
 * its declaration and Nest resolver; their presence and arguments are the scope's.
 */
export function queryType(types: SchemaTypes): GraphQLObjectType {
  const fields: Record<string, RootField> = {
    ping: {
      type: GraphQLString,
      description: 'This query is used to test API availability.',
      resolve: () => 'pong',
    },
  };
  const sectionNames = new Set<string>();
  for (const root of ROOTS) {
    if (!types.scope.canQuery(root.kind)) continue;
    const type = types.kindInterface(root.kind);
    const args = types.kindArguments(root.kind);
    const plural = listField(
      root.kind,
      type,
      args,
      `This query is used to query for ${root.noun}.`,
    );
    const singular: RootField = {
      type,
      args,
      description: `This query is used to query for a single ${root.singular === 'globalSet' ? 'global set' : root.singular}.`,
      resolve: (_root, queryArgs, context) => context.elements.one(root.kind, queryArgs),
    };
    fields[root.plural] = plural;
    fields[root.singular] = singular;
    if (root.count !== null) {
      fields[root.count] = {
        type: new GraphQLNonNull(GraphQLInt),
        args,
        description: `This query is used to return the number of ${root.noun}.`,
        resolve: (_root, queryArgs, context) => context.elements.count(root.kind, queryArgs),
      };
    }
    if (root.kind === ElementKinds.entry) {
      const sections = sectionFields(types, args);
      for (const name of Object.keys(sections)) sectionNames.add(name);
      Object.assign(fields, sections);
    }
    const deprecation = (name: string) =>
      `This query is deprecated and will be removed in the future. Use \`${name}\` instead.`;
    // A section named `query` owns `queryEntries`: the real Craft 4 field wins over the alias.
    if (!(root.legacyPlural in fields)) {
      fields[root.legacyPlural] = { ...plural, deprecationReason: deprecation(root.plural) };
    }
    if (!(root.legacySingular in fields)) {
      fields[root.legacySingular] = { ...singular, deprecationReason: deprecation(root.singular) };
    }
    // Declared and resolved code-first (code-first/query.resolver.ts); sections stay.
    for (const name of [
      root.plural,
      root.singular,
      root.count,
      root.legacyPlural,
      root.legacySingular,
    ]) {
      if (name !== null && !sectionNames.has(name)) {
        fields[name] = rootFieldFromBase(fields[name], types.base?.queryField(name));
      }
    }
  }
  fields.ping = rootFieldFromBase(fields.ping, types.base?.queryField('ping'));
  return new GraphQLObjectType<unknown, GraphqlRequestContext>({ name: 'Query', fields });
}

/**
 * `<section>Entries` (Craft 4): the entry arguments minus `section` and `sectionId`; Craft 5 also
 * drops `field`, `fieldId` and `ownerId` (its `primaryOwnerId` stays, and finds nothing there).
 */
function sectionFields(
  types: SchemaTypes,
  entryArgs: GraphQLFieldConfigArgumentMap,
): Record<string, RootField> {
  const args = { ...entryArgs };
  for (const name of ['section', 'sectionId', 'field', 'fieldId', 'ownerId']) delete args[name];
  const fields: Record<string, RootField> = {};
  for (const section of types.scope.sections) {
    if (types.scope.entryTypes(section).length === 0) continue;
    fields[`${section.handle}Entries`] = listField(
      ElementKinds.entry,
      sectionUnion(types, section),
      args,
      `Entries within the ${section.handle} section.`,
      { sectionId: [section.id] },
    );
  }
  return fields;
}
