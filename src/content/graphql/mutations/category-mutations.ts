import type { GraphQLObjectType } from 'graphql';
import type { CategoryGroup, Field } from '../../model/content-model';
import type { ElementRecord } from '../../store/element-record';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { typeNames } from '../schema/type-names';
import { fieldInputArguments } from './field-inputs';
import { groupElementArguments, structureArguments } from './mutation-arguments';
import { contentInput } from './mutation-content';
import { mutationError, requireAction } from './mutation-errors';
import { savableCategoryGroups } from './mutation-permissions';
import {
  elementKey,
  existingElement,
  type MutationField,
  mutationsOf,
  readSites,
  saveSite,
} from './mutation-support';
import { structurePlacement } from './structure-placement';

/** `save_<group>_Category` for every readable category group the scope may save in. */
export function categorySaveMutations(
  types: SchemaTypes,
  objects: ReadonlyMap<string, GraphQLObjectType>,
): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const group of savableCategoryGroups(types.scope)) {
    const object = objects.get(typeNames.category(group));
    if (object === undefined) continue;
    const builtIn = { ...groupElementArguments(), ...structureArguments() };
    const fieldArgs = fieldInputArguments(types, group.fields, builtIn);
    const layout = group.fields.filter((field) => field.handle in fieldArgs);
    fields[`save_${group.handle}_Category`] = {
      type: object,
      description: `Save the “${group.name}” category.`,
      args: { ...builtIn, ...fieldArgs },
      resolve: (_root, args, context) =>
        saveCategory({ scope: types.scope, group, layout }, args, context),
    };
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
  context: GraphqlRequestContext,
): Promise<ElementRecord | null> {
  const mutations = mutationsOf(context);
  const existing = await existingElement(elementKey(args), mutations.lookups, {
    kind: 'category',
    noun: 'category',
    containerId: group.id,
    containerNoun: 'group',
  });
  requireAction(scope, 'categorygroups', group.uid, 'save');
  const site = saveSite(scope, args, existing === undefined);
  if (existing !== undefined && !existing.siteIds.includes(site.siteId))
    throw mutationError('No such category exists');
  const problems: string[] = [];
  const content = await contentInput(
    args,
    layout,
    site,
    (field) => mutations.lookups.blocks(existing!.id, field.id),
    problems,
  );
  const placement = await structurePlacement(args, mutations.lookups);
  if (problems.length > 0) throw mutationError(problems.join('\n'));
  const saved = await mutations.write(() =>
    mutations.writer.saveCategory({
      ...content,
      groupId: group.id,
      uid: existing?.uid,
      ...(placement !== undefined && { placement }),
    }),
  );
  return mutations.read('category', saved.id, group.id, readSites(scope, site.siteId));
}
