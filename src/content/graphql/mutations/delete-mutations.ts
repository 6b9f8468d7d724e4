import { GraphQLBoolean, GraphQLInt, GraphQLNonNull } from 'graphql';
import type { ModelItem } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { PERMISSION_DENIED, mutationError, requireAction } from './errors';
import {
  canDeleteAssets,
  canDeleteCategories,
  canDeleteEntries,
  canDeleteTags,
} from './permissions';
import { type MutationField, mutationsOf } from './support';

/** One of Craft's delete mutations: what it deletes and which scope component allows it. */
interface DeleteKind {
  readonly name: string;
  readonly kind: ElementKind;
  readonly noun: string;
  readonly exists: (scope: SchemaScope, model: ContentModelIndex) => boolean;
  /** The scope entity and the model item whose uid it names, for an element of this kind. */
  readonly permission: (
    model: ContentModelIndex,
    element: { containerId: number | null; typeId: number | null },
  ) => { entity: string; item: ModelItem | undefined };
}

const DELETE_KINDS: readonly DeleteKind[] = [
  {
    name: 'deleteEntry',
    kind: ElementKinds.entry,
    noun: 'an entry',
    exists: canDeleteEntries,
    permission: (model, element) => {
      const section =
        element.containerId === null ? undefined : model.sections.id(element.containerId);
      // Singles cannot be deleted: Craft offers no delete action for them.
      const type =
        section === undefined || section.type === 'single' || element.typeId === null
          ? undefined
          : model.entryTypes.id(element.typeId);
      return { entity: 'entrytypes', item: type };
    },
  },
  {
    name: 'deleteAsset',
    kind: ElementKinds.asset,
    noun: 'an asset',
    exists: canDeleteAssets,
    permission: (model, element) => ({
      entity: 'volumes',
      item: element.containerId === null ? undefined : model.volumes.id(element.containerId),
    }),
  },
  {
    name: 'deleteCategory',
    kind: ElementKinds.category,
    noun: 'a category',
    exists: canDeleteCategories,
    permission: (model, element) => ({
      entity: 'categorygroups',
      item: element.containerId === null ? undefined : model.categoryGroups.id(element.containerId),
    }),
  },
  {
    name: 'deleteTag',
    kind: ElementKinds.tag,
    noun: 'a tag',
    exists: canDeleteTags,
    permission: (model, element) => ({
      entity: 'taggroups',
      item: element.containerId === null ? undefined : model.tagGroups.id(element.containerId),
    }),
  },
];

/**
 * `deleteEntry(id, siteId)`, `deleteAsset(id)`, `deleteCategory(id)`, `deleteTag(id)`: each exists
 * when the scope may delete some element of its kind, and checks the element's own section,
 * volume or group when it runs. Soft deletes (the element is trashed, as Craft does); `true` when
 * deleted, `false` when no such element exists (Craft answers no error then either).
 */
export function deleteMutations(types: SchemaTypes): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const spec of DELETE_KINDS) {
    if (!spec.exists(types.scope, types.model)) continue;
    fields[spec.name] = {
      type: GraphQLBoolean,
      description: `Delete ${spec.noun}.`,
      args: {
        id: { type: new GraphQLNonNull(GraphQLInt) },
        ...(spec.kind === ElementKinds.entry && { siteId: { type: GraphQLInt } }),
      },
      resolve: (_root, args, context) => deleteElement(spec, types.scope, args, context),
    };
  }
  return fields;
}

async function deleteElement(
  spec: DeleteKind,
  scope: SchemaScope,
  args: GraphqlArgs,
  context: GraphqlRequestContext,
): Promise<boolean> {
  const mutations = mutationsOf(context);
  const found = await mutations.lookups.element({ id: args.id as number });
  if (found?.kind !== spec.kind) return false;
  if (typeof args.siteId === 'number' && !found.siteIds.includes(args.siteId)) return false;
  const { entity, item } = spec.permission(context.model, found);
  if (item === undefined) throw mutationError(PERMISSION_DENIED);
  requireAction(scope, entity, item.uid, 'delete');
  return mutations.write(
    () => mutations.writer.deleteElement(found.id, [spec.kind]),
    () => [found],
  );
}
