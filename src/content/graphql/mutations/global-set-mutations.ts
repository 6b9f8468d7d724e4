import type { GraphQLObjectType } from 'graphql';
import type { Field, GlobalSet } from '../../model/content-model';
import type { ElementRecord } from '../../store/element-record';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { typeNames } from '../schema/type-names';
import { fieldInputArguments } from './field-inputs';
import { globalSetArguments } from './mutation-arguments';
import { contentInput } from './mutation-content';
import { mutationError, requireAction } from './mutation-errors';
import { editableGlobalSets } from './mutation-permissions';
import { type MutationField, mutationsOf, readSites, saveSite } from './mutation-support';

/** `save_<handle>_GlobalSet` for every readable global set the scope may edit. */
export function globalSetSaveMutations(
  types: SchemaTypes,
  objects: ReadonlyMap<string, GraphQLObjectType>,
): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const set of editableGlobalSets(types.scope)) {
    const object = objects.get(typeNames.globalSet(set));
    if (object === undefined) continue;
    const builtIn = globalSetArguments();
    const fieldArgs = fieldInputArguments(types, set.fields, builtIn);
    const layout = set.fields.filter((field) => field.handle in fieldArgs);
    fields[`save_${set.handle}_GlobalSet`] = {
      type: object,
      description: `Update the ”${set.name}“ global set.`,
      args: { ...builtIn, ...fieldArgs },
      resolve: (_root, args, context) =>
        saveGlobalSet({ scope: types.scope, set, layout }, args, context),
    };
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
  context: GraphqlRequestContext,
): Promise<ElementRecord | null> {
  const mutations = mutationsOf(context);
  requireAction(scope, 'globalsets', set.uid, 'edit');
  const site = saveSite(scope, args, false);
  const element = await mutations.lookups.globalSet(set.id);
  const problems: string[] = [];
  const content = await contentInput(
    args,
    layout,
    // A set without its element yet gets one now: its values go to every site.
    element === undefined ? { ...site, creating: true } : site,
    (field) => mutations.lookups.blocks(element!.id, field.id),
    problems,
  );
  if (problems.length > 0) throw mutationError(problems.join('\n'));
  const saved = await mutations.write(() =>
    mutations.writer.saveGlobalSet({
      globalSetId: set.id,
      fields: content.fields,
      sites: content.sites,
    }),
  );
  return mutations.read('globalset', saved.id, set.id, readSites(scope, site.siteId));
}
