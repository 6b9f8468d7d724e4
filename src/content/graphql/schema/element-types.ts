import { GraphQLObjectType, GraphQLUnionType } from 'graphql';
import type { Field, ModelItem, Section } from '../../model/content-model';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { ElementSource, GraphqlRequestContext } from '../graphql-request-context';
import { customFieldConfigs } from './custom-fields';
import { addressType } from './nested-element-fields';
import type { SchemaTypes } from './schema-types';
import { typeNames } from './type-names';

/**
 * One concrete element type: the kind's interface fields plus the layout's custom fields; records
 * whose `runtimeKey` (entry type id, or container id) matches resolve to it.
 */
function elementObjectType(
  types: SchemaTypes,
  kind: ElementKind,
  name: string,
  runtimeKey: number | null,
  layout: readonly Field[],
  description?: string,
): GraphQLObjectType {
  // Every record key is registered, also when the type exists already: a global entry type is
  // one GraphQL type for the entry types of every section that lists it.
  types.setRuntimeName(kind, runtimeKey, name, layout);
  return types.named(name, () => {
    return new GraphQLObjectType<ElementSource, GraphqlRequestContext>({
      name,
      description,
      interfaces: () => [types.elementInterface(), types.kindInterface(kind)],
      fields: () => {
        const builtIn = types.kindFields(kind);
        return {
          ...builtIn,
          ...customFieldConfigs(types, layout, builtIn, types.mixesLayouts(name)),
        };
      },
    });
  });
}

/**
 * `<section>_<type>_Entry` (Craft 4) or `<type>_Entry` (Craft 5) for every entry type the scope
 * can read in the section.
 */
export function entryObjectTypes(types: SchemaTypes, section: Section): GraphQLObjectType[] {
  return types.scope
    .entryTypes(section)
    .map((entryType) =>
      elementObjectType(
        types,
        ElementKinds.entry,
        types.entryTypeName(section, entryType),
        entryType.id,
        entryType.fields,
      ),
    );
}

/** `<section>SectionEntryUnion`: the return type of `<section>Entries`. */
export function sectionUnion(types: SchemaTypes, section: Section): GraphQLUnionType {
  const name = typeNames.sectionUnion(section);
  return types.named(
    name,
    () =>
      new GraphQLUnionType({
        name,
        types: () => entryObjectTypes(types, section),
        resolveType: (value: ElementSource) => types.runtimeName(value),
      }),
  );
}

function containerTypes<T extends ModelItem & { readonly fields: readonly Field[] }>(
  types: SchemaTypes,
  kind: ElementKind,
  containers: readonly T[],
  name: (container: T) => string,
): GraphQLObjectType[] {
  return containers.map((container) =>
    elementObjectType(types, kind, name(container), container.id, container.fields),
  );
}

/** The custom fields of every layout the scope can read. */
function readableLayoutFields(types: SchemaTypes): Field[] {
  const kinds = Object.values(ElementKinds).filter((kind) => types.scope.canQuery(kind));
  return kinds.flatMap((kind) => types.layoutFields(kind));
}

/**
 * Every concrete element type the scope allows
 * (docs/content-graphql.md#types-craft-4-naming-spec-48). They are listed in the schema explicitly,
 * since most are reached only through interfaces.
 */
export function concreteTypes(types: SchemaTypes): GraphQLObjectType[] {
  const { scope } = types;
  const objects: GraphQLObjectType[] = [];
  if (scope.canQuery(ElementKinds.entry)) {
    for (const section of scope.sections) objects.push(...entryObjectTypes(types, section));
  }
  if (scope.canQuery(ElementKinds.asset)) {
    objects.push(...containerTypes(types, ElementKinds.asset, scope.volumes, typeNames.asset));
  }
  if (scope.canQuery(ElementKinds.user)) {
    objects.push(
      elementObjectType(
        types,
        ElementKinds.user,
        typeNames.user(),
        null,
        types.model.model.userFields,
      ),
    );
  }
  if (scope.canQuery(ElementKinds.category)) {
    objects.push(
      ...containerTypes(types, ElementKinds.category, scope.categoryGroups, typeNames.category),
    );
  }
  if (scope.canQuery(ElementKinds.tag)) {
    objects.push(...containerTypes(types, ElementKinds.tag, scope.tagGroups, typeNames.tag));
  }
  if (scope.canQuery(ElementKinds.globalSet)) {
    objects.push(
      ...containerTypes(types, ElementKinds.globalSet, scope.globalSets, typeNames.globalSet),
    );
  }
  // Addresses are reached through AddressInterface only (one type for every addresses field).
  const addresses = readableLayoutFields(types).find((field) => field.type === 'addresses');
  const addressBlock = addresses?.blockTypes[0];
  if (addressBlock !== undefined) objects.push(addressType(types, addressBlock));
  return objects;
}
