import type { GraphQLObjectType } from 'graphql';
import type { CategoryGroup, Field } from '../../model/content-model';
import type { ElementRecord } from '../../store/element-record';
import type { GraphqlArgs } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { typeNames } from '../schema/type-names';
import { groupElementArguments, structureArguments } from './arguments';
import { mutationError, requireAction } from './errors';
import { savableCategoryGroups } from './permissions';
import { elementKey, existingElement, type MutationField, readSites, saveSite } from './support';
import { structurePlacement } from './structure-placement';
import { saveInput, saveMutationField } from './save-mutation';
import type { ContentMutations } from './content-mutations';
import { ElementKinds } from '../../model/element-kinds';

/** `save_<group>_Category` for every readable category group the scope may save in. */
export function categorySaveMutations(
  types: SchemaTypes,
  objects: ReadonlyMap<string, GraphQLObjectType>,
): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const group of savableCategoryGroups(types.scope)) {
    const object = objects.get(typeNames.category(group));
    if (object === undefined) continue;
    fields[`save_${group.handle}_Category`] = saveMutationField(
      types,
      object,
      group.fields,
      { ...groupElementArguments(), ...structureArguments() },
      `Save the “${group.name}” category.`,
      (layout, args, _context, mutations) =>
        saveCategory({ scope: types.scope, group, layout }, args, mutations),
    );
  }
  return fields;
}

interface CategoryTarget {
  readonly scope: SchemaScope;
  readonly group: CategoryGroup;
  readonly layout: readonly Field[];
}

/** Craft's category save: `save` creates and updates; structure operations place it. */
async function saveCategory(
  { scope, group, layout }: CategoryTarget,
  args: GraphqlArgs,
  mutations: ContentMutations,
): Promise<ElementRecord | null> {
  const existing = await existingElement(elementKey(args), mutations.lookups, {
    kind: ElementKinds.category,
    noun: 'category',
    containerId: group.id,
    containerNoun: 'group',
  });
  requireAction(scope, 'categorygroups', group.uid, 'save');
  const site = saveSite(scope, args, existing === undefined);
  if (existing !== undefined && !existing.siteIds.includes(site.siteId)) {
    throw mutationError('No such category exists');
  }
  const { content, others: placement } = await saveInput(
    mutations,
    args,
    layout,
    site,
    existing?.id,
    () => structurePlacement(args, mutations.lookups),
  );
  const saved = await mutations.write(
    () =>
      mutations.writer.saveCategory({
        ...content,
        groupId: group.id,
        uid: existing?.uid,
        ...(placement !== undefined && { placement }),
      }),
    (done) => [{ id: done.id, kind: ElementKinds.category, containerId: group.id }],
  );
  return mutations.read(ElementKinds.category, saved.id, group.id, readSites(scope, site.siteId));
}
