import {
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  isUnionType,
} from 'graphql';
import type { GraphQLField, GraphQLNamedType, GraphQLSchema } from 'graphql';

/**
 * Craft's complexity constants (craft\services\Gql::GRAPHQL_COMPLEXITY_*,
 * docs/content-limits-cache.md#complexity-score-spec-62).
 */
export const COMPLEXITY = {
  simpleField: 1,
  query: 10,
  eagerLoad: 25,
  cpuHeavy: 200,
  nPlusOne: 500,
} as const;

/** A field's score from its children's total and its argument values (webonyx complexityFn). */
export type FieldCost = (children: number, args: Readonly<Record<string, unknown>>) => number;

/** Arguments that add one query per item (Craft: `relatedTo<Kind>` criteria lists). */
const CUMULATIVE_ARGUMENTS = [
  'relatedToAssets',
  'relatedToEntries',
  'relatedToUsers',
  'relatedToCategories',
  'relatedToTags',
];
/** Arguments that add one query when present. */
const SINGLE_ARGUMENTS = ['relatedTo', 'relatedToAll'];

/** Craft's `Gql::relatedArgumentComplexity($base)`: relation arguments cost extra queries. */
export function relatedArgumentCost(base: number): FieldCost {
  return (children, args) => {
    let score = children + base;
    for (const name of CUMULATIVE_ARGUMENTS) {
      const value = args[name];
      if (!isEmpty(value)) score += COMPLEXITY.query * (Array.isArray(value) ? value.length : 1);
    }
    for (const name of SINGLE_ARGUMENTS) if (!isEmpty(args[name])) score += COMPLEXITY.query;
    return score;
  };
}

/** Craft's `singleQueryComplexity` / `eagerLoadComplexity`: children plus a fixed base. */
export function fixedCost(base: number): FieldCost {
  return (children) => children + base;
}

/** `prev`/`next`: a query per element when criteria are given (Craft's N+1 constant). */
const prevNextCost: FieldCost = (children, args) =>
  Object.values(args).some((value) => value !== undefined)
    ? children + COMPLEXITY.nPlusOne
    : children;

/** Transform arguments that name a prepared transform; any other argument is an ad-hoc one. */
const NAMED_TRANSFORM_ARGUMENTS = new Set(['handle', 'transform']);

/** Asset `url`/`width`/`height`: ad-hoc transforms are CPU heavy, named ones eager loads. */
const transformCost: FieldCost = (children, args) => {
  const given = Object.entries(args).filter(([, value]) => !isEmpty(value));
  if (given.some(([name]) => !NAMED_TRANSFORM_ARGUMENTS.has(name))) {
    return children + COMPLEXITY.cpuHeavy;
  }
  if (given.length > 0) return children + COMPLEXITY.eagerLoad;
  return children + COMPLEXITY.simpleField;
};

const TREE_FIELDS = new Set(['children', 'descendants', 'ancestors', 'parent']);
const HANDLE_FIELDS = new Set(['sectionHandle', 'typeHandle', 'fieldHandle']);
const TRANSFORM_FIELDS = new Set(['url', 'width', 'height']);
const ELEMENT_INTERFACE = 'ElementInterface';
const ASSET_INTERFACE = 'AssetInterface';

/**
 * Craft's complexity rule of one field (docs/content-limits-cache.md#complexity-score-spec-62), or
 * undefined for webonyx's default (children + 1). Fields are recognised by where they are and what
 * they return, so custom fields of any handle are scored: root lists and singles, tree and relation
 * fields, matrix fields, handles, `prev`/`next`, and asset transforms.
 */
export function fieldCost(
  schema: GraphQLSchema,
  parent: GraphQLNamedType,
  field: GraphQLField<unknown, unknown>,
): FieldCost | undefined {
  if (parent === schema.getQueryType()) {
    if (field.name === 'ping' || field.name.startsWith('__')) return undefined;
    return isListType(getNullableType(field.type))
      ? relatedArgumentCost(COMPLEXITY.query)
      : fixedCost(COMPLEXITY.query);
  }
  if (!isElementType(parent)) return undefined;
  if (TREE_FIELDS.has(field.name)) return relatedArgumentCost(COMPLEXITY.eagerLoad);
  if (field.name === 'prev' || field.name === 'next') return prevNextCost;
  if (HANDLE_FIELDS.has(field.name)) return fixedCost(COMPLEXITY.query);
  if (TRANSFORM_FIELDS.has(field.name) && implementsInterface(parent, ASSET_INTERFACE)) {
    return transformCost;
  }
  const target = getNamedType(field.type);
  if (!returnsElements(target)) return undefined;
  // Matrix fields, `localized`, and single relations (`author`, `photo`, `uploader`): eager loads.
  if (isUnionType(target) || field.name === 'localized') return fixedCost(COMPLEXITY.eagerLoad);
  if (isListType(getNullableType(field.type))) return relatedArgumentCost(COMPLEXITY.eagerLoad);
  return fixedCost(COMPLEXITY.eagerLoad);
}

/** An element interface or type: ElementInterface itself or anything implementing it. */
function isElementType(type: GraphQLNamedType): boolean {
  return type.name === ELEMENT_INTERFACE || implementsInterface(type, ELEMENT_INTERFACE);
}

function implementsInterface(type: GraphQLNamedType, name: string): boolean {
  if (type.name === name) return true;
  if (!isObjectType(type) && !isInterfaceType(type)) return false;
  return type.getInterfaces().some((item) => item.name === name);
}

function returnsElements(type: GraphQLNamedType): boolean {
  if (isUnionType(type)) return type.getTypes().some(isElementType);
  return isElementType(type);
}

/** PHP's `empty()` as Craft applies it to argument values. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    value === '' ||
    value === 0 ||
    value === '0' ||
    (Array.isArray(value) && value.length === 0)
  );
}
