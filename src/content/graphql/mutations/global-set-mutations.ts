import type { GraphQLObjectType } from 'graphql';
import type { Field, GlobalSet } from '../../model/content-model';
import type { ElementRecord } from '../../store/element-record';
import type { GraphqlArgs } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { typeNames } from '../schema/type-names';
import { globalSetArguments } from './arguments';
import { requireAction } from './errors';
import { editableGlobalSets } from './permissions';
import { type MutationField, readSites, saveSite } from './support';
import { saveInput, saveMutationField } from './save-mutation';
import type { ContentMutations } from './content-mutations';
import { ElementKinds } from '../../model/element-kinds';

/** `save_<handle>_GlobalSet` for every readable global set the scope may edit. */
export function globalSetSaveMutations(
  types: SchemaTypes,
  objects: ReadonlyMap<string, GraphQLObjectType>,
): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const set of editableGlobalSets(types.scope)) {
    const object = objects.get(typeNames.globalSet(set));
    if (object === undefined) continue;
    fields[`save_${set.handle}_GlobalSet`] = saveMutationField(
      types,
      object,
      set.fields,
      globalSetArguments(),
      `Update the ”${set.name}“ global set.`,
      (layout, args, _context, mutations) =>
        saveGlobalSet({ scope: types.scope, set, layout }, args, mutations),
    );
  }
  return fields;
}

interface GlobalSetTarget {
  readonly scope: SchemaScope;
  readonly set: GlobalSet;
  readonly layout: readonly Field[];
}

/** Craft's global set save: the set's one element gets the given field values (`edit`). */
async function saveGlobalSet(
  { scope, set, layout }: GlobalSetTarget,
  args: GraphqlArgs,
  mutations: ContentMutations,
): Promise<ElementRecord | null> {
  requireAction(scope, 'globalsets', set.uid, 'edit');
  const site = saveSite(scope, args, false);
  const element = await mutations.lookups.globalSet(set.id);
  // A set without its element yet gets one now: its values go to every site.
  const saveIn = element === undefined ? { ...site, creating: true } : site;
  const { content } = await saveInput(mutations, args, layout, saveIn, element?.id, () => null);
  const saved = await mutations.write(
    () =>
      mutations.writer.saveGlobalSet({
        globalSetId: set.id,
        fields: content.fields,
        sites: content.sites,
      }),
    (done) => [{ id: done.id, kind: ElementKinds.globalSet, containerId: set.id }],
  );
  return mutations.read(ElementKinds.globalSet, saved.id, set.id, readSites(scope, site.siteId));
}
