import type {
  CategoryGroup,
  EntryType,
  GlobalSet,
  Section,
  TagGroup,
  Volume,
} from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import type { SchemaScope } from '../schema/schema-scope';

/**
 * Which mutations a schema's scope generates (Craft 4, docs/content-model.md#scope-components).
 * Save mutations return the element's concrete type, so they exist only for contexts the scope can
 * also read (Craft's schema editor nests the mutation actions under "View"); delete mutations
 * return a Boolean and need no read access. `edit` is Craft's umbrella checkbox over
 * create/save/delete and grants nothing by itself, except for global sets, whose one action it is.
 * The actions are checked again when a mutation runs.
 */

/** Entry types of a readable section whose save mutation exists: `create` or `save` (singles: `save`). */
export function savableEntryTypes(scope: SchemaScope, section: Section): EntryType[] {
  return scope
    .entryTypes(section)
    .filter(
      (type) =>
        scope.allows('entrytypes', type.uid, 'save') ||
        (section.type !== 'single' && scope.allows('entrytypes', type.uid, 'create')),
    );
}

/** `deleteEntry` exists when some entry type outside singles may be deleted. */
export function canDeleteEntries(scope: SchemaScope, model: ContentModelIndex): boolean {
  return model.model.sections.some(
    (section) =>
      section.type !== 'single' &&
      section.entryTypes.some((type) => scope.allows('entrytypes', type.uid, 'delete')),
  );
}

export function savableVolumes(scope: SchemaScope): Volume[] {
  return scope.volumes.filter(
    (volume) =>
      scope.allows('volumes', volume.uid, 'create') || scope.allows('volumes', volume.uid, 'save'),
  );
}

export function canDeleteAssets(scope: SchemaScope, model: ContentModelIndex): boolean {
  return model.model.volumes.some((volume) => scope.allows('volumes', volume.uid, 'delete'));
}

/** Category groups and tag groups have one action for creating and updating: `save`. */
export function savableCategoryGroups(scope: SchemaScope): CategoryGroup[] {
  return scope.categoryGroups.filter((group) => scope.allows('categorygroups', group.uid, 'save'));
}

export function canDeleteCategories(scope: SchemaScope, model: ContentModelIndex): boolean {
  return model.model.categoryGroups.some((group) =>
    scope.allows('categorygroups', group.uid, 'delete'),
  );
}

export function savableTagGroups(scope: SchemaScope): TagGroup[] {
  return scope.tagGroups.filter((group) => scope.allows('taggroups', group.uid, 'save'));
}

export function canDeleteTags(scope: SchemaScope, model: ContentModelIndex): boolean {
  return model.model.tagGroups.some((group) => scope.allows('taggroups', group.uid, 'delete'));
}

export function editableGlobalSets(scope: SchemaScope): GlobalSet[] {
  return scope.globalSets.filter((set) => scope.allows('globalsets', set.uid, 'edit'));
}
