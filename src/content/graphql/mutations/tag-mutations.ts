import type { GraphQLObjectType } from 'graphql';
import type { Field, TagGroup } from '../../model/content-model';
import type { ElementRecord } from '../../store/element-record';
import type { GraphqlArgs } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { typeNames } from '../schema/type-names';
import { groupElementArguments } from './arguments';
import { requireAction } from './errors';
import { savableTagGroups } from './permissions';
import { elementKey, existingElement, type MutationField, readSites, saveSite } from './support';
import { saveInput, saveMutationField } from './save-mutation';
import type { ContentMutations } from './content-mutations';
import { ElementKinds } from '../../model/element-kinds';

/** `save_<group>_Tag` for every readable tag group the scope may save in. */
export function tagSaveMutations(
  types: SchemaTypes,
  objects: ReadonlyMap<string, GraphQLObjectType>,
): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const group of savableTagGroups(types.scope)) {
    const object = objects.get(typeNames.tag(group));
    if (object === undefined) continue;
    fields[`save_${group.handle}_Tag`] = saveMutationField(
      types,
      object,
      group.fields,
      groupElementArguments(),
      `Save the “${group.name}” tag.`,
      (layout, args, _context, mutations) =>
        saveTag({ scope: types.scope, group, layout }, args, mutations),
    );
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
  mutations: ContentMutations,
): Promise<ElementRecord | null> {
  const existing = await existingElement(elementKey(args), mutations.lookups, {
    kind: ElementKinds.tag,
    noun: 'tag',
    containerId: group.id,
    containerNoun: 'group',
  });
  requireAction(scope, 'taggroups', group.uid, 'save');
  const site = saveSite(scope, args, existing === undefined);
  const { content } = await saveInput(mutations, args, layout, site, existing?.id, () => null);
  const saved = await mutations.write(
    () => mutations.writer.saveTag({ ...content, groupId: group.id, uid: existing?.uid }),
    (done) => [{ id: done.id, kind: ElementKinds.tag, containerId: group.id }],
  );
  return mutations.read(ElementKinds.tag, saved.id, group.id, readSites(scope, site.siteId));
}
