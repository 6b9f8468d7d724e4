import type { GraphQLObjectType } from 'graphql';
import type { Field, TagGroup } from '../../model/content-model';
import type { ElementRecord } from '../../store/element-record';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { typeNames } from '../schema/type-names';
import { fieldInputArguments } from './field-inputs';
import { groupElementArguments } from './mutation-arguments';
import { contentInput } from './mutation-content';
import { mutationError, requireAction } from './mutation-errors';
import { savableTagGroups } from './mutation-permissions';
import {
  elementKey,
  existingElement,
  type MutationField,
  mutationsOf,
  readSites,
  saveSite,
} from './mutation-support';

/** `save_<group>_Tag` for every readable tag group the scope may save in. */
export function tagSaveMutations(
  types: SchemaTypes,
  objects: ReadonlyMap<string, GraphQLObjectType>,
): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const group of savableTagGroups(types.scope)) {
    const object = objects.get(typeNames.tag(group));
    if (object === undefined) continue;
    const builtIn = groupElementArguments();
    const fieldArgs = fieldInputArguments(types, group.fields, builtIn);
    const layout = group.fields.filter((field) => field.handle in fieldArgs);
    fields[`save_${group.handle}_Tag`] = {
      type: object,
      description: `Save the “${group.name}” tag.`,
      args: { ...builtIn, ...fieldArgs },
      resolve: (_root, args, context) =>
        saveTag({ scope: types.scope, group, layout }, args, context),
    };
  }
  return fields;
}

interface TagTarget {
  readonly scope: SchemaScope;
  readonly group: TagGroup;
  readonly layout: readonly Field[];
}

/** Craft's tag save: `save` creates and updates. */
async function saveTag(
  { scope, group, layout }: TagTarget,
  args: GraphqlArgs,
  context: GraphqlRequestContext,
): Promise<ElementRecord | null> {
  const mutations = mutationsOf(context);
  const existing = await existingElement(elementKey(args), mutations.lookups, {
    kind: 'tag',
    noun: 'tag',
    containerId: group.id,
    containerNoun: 'group',
  });
  requireAction(scope, 'taggroups', group.uid, 'save');
  const site = saveSite(scope, args, existing === undefined);
  const problems: string[] = [];
  const content = await contentInput(
    args,
    layout,
    site,
    (field) => mutations.lookups.blocks(existing!.id, field.id),
    problems,
  );
  if (problems.length > 0) throw mutationError(problems.join('\n'));
  const saved = await mutations.write(() =>
    mutations.writer.saveTag({ ...content, groupId: group.id, uid: existing?.uid }),
  );
  return mutations.read('tag', saved.id, group.id, readSites(scope, site.siteId));
}
