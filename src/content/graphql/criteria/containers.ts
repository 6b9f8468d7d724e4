import type { Field, ModelItem, Section } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { Param } from '../../store/element-criteria';
import { matchesParam } from './param-match';
import { type ArgumentValues, toInteger, toParam } from './values';
import type { ScopeGrants } from '../scope-grants';
import { holdsNestedElements } from '../../model/field-types';

/** Where a query may look, the scope already applied (docs/content-store.md). */
export interface ContainerScope {
  readonly containerIds?: readonly number[];
  readonly typeIds?: readonly number[];
  readonly userGroupIds?: readonly number[];
}

/**
 * The containers (sections, volumes, groups, global sets, matrix fields), entry or block types and
 * user groups a query may read: the scope's readable items, narrowed by the handle and id
 * arguments (`section`, `sectionId`, `type`, `typeId`, `volume`, `group`, `handle`, ...) and by
 * `fixed` (what the field itself implies: `<section>Entries`, a matrix field). Null when nothing is
 * left: an unknown handle gives no results, as in Craft.
 */
export function containerScope(
  kind: ElementKind,
  args: ArgumentValues,
  grants: ScopeGrants,
  model: ContentModelIndex,
  fixed: readonly number[] | undefined,
): ContainerScope | null {
  switch (kind) {
    case ElementKinds.entry: {
      const sections = narrow(narrowFixed(grants.sections, fixed), args.section, args.sectionId);
      const structures = structureFilter(sections, args.structureId, isStructureSection);
      const types = narrow(
        structures.flatMap((section) => grants.entryTypes(section)),
        args.type,
        args.typeId,
      );
      if (structures.length === 0 || types.length === 0) return null;
      return { containerIds: ids(structures), typeIds: ids(types) };
    }
    case ElementKinds.asset:
      return containers(narrow(narrowFixed(grants.volumes, fixed), args.volume, args.volumeId));
    case ElementKinds.category: {
      const groups = narrow(narrowFixed(grants.categoryGroups, fixed), args.group, args.groupId);
      return containers(structureFilter(groups, args.structureId, () => true));
    }
    case ElementKinds.tag:
      return containers(narrow(narrowFixed(grants.tagGroups, fixed), args.group, args.groupId));
    case ElementKinds.globalSet:
      return containers(narrow(narrowFixed(grants.globalSets, fixed), args.handle, undefined));
    case ElementKinds.matrixBlock: {
      // `field` (handles) exists on Craft 5's entry queries, which nested-entries.ts reads here.
      const fields = narrow(matrixFields(model, fixed), args.field, args.fieldId);
      const types = narrow(
        fields.flatMap((field) => field.blockTypes),
        args.type,
        args.typeId,
      );
      if (fields.length === 0 || types.length === 0) return null;
      return { containerIds: ids(fields), typeIds: ids(types) };
    }
    case ElementKinds.user:
      return userGroupScope(args, grants, model);
  }
}

/**
 * Craft's user resolver: with `usergroups.everyone` the `group`/`groupId` arguments filter as
 * given; otherwise they are intersected with the granted groups (or replaced by them).
 */
function userGroupScope(
  args: ArgumentValues,
  grants: ScopeGrants,
  model: ContentModelIndex,
): ContainerScope | null {
  const requestedGroup = args.group !== undefined && args.group !== null;
  const requestedId = args.groupId !== undefined && args.groupId !== null;
  const requested =
    requestedGroup || requestedId
      ? narrow(model.model.userGroups, args.group, args.groupId)
      : undefined;
  if (grants.allUsers) {
    if (requested === undefined) return {};
    return requested.length === 0 ? null : { userGroupIds: ids(requested) };
  }
  const allowed = grants.readableIds('userGroups');
  const groups = (requested ?? grants.userGroups).filter((group) => allowed.has(group.id));
  return groups.length === 0 ? null : { userGroupIds: ids(groups) };
}

function containers(items: readonly ModelItem[]): ContainerScope | null {
  return items.length === 0 ? null : { containerIds: ids(items) };
}

/** Items whose handle matches `byHandle` and whose id matches `byId` (absent = no condition). */
function narrow<T extends ModelItem>(items: readonly T[], byHandle: unknown, byId: unknown): T[] {
  const handleParam: Param | undefined = toParam(byHandle);
  const idParam: Param | undefined = toParam(byId);
  return items.filter(
    (item) =>
      (handleParam === undefined || matchesParam(item.handle, handleParam)) &&
      (idParam === undefined || matchesParam(item.id, idParam)),
  );
}

function narrowFixed<T extends ModelItem>(
  items: readonly T[],
  fixed: readonly number[] | undefined,
): readonly T[] {
  return fixed === undefined ? items : items.filter((item) => fixed.includes(item.id));
}

/**
 * `structureId`: structures are structure sections and category groups, identified by their ids;
 * a channel or single has none, so naming one finds nothing (Craft joins the structure).
 */
function structureFilter<T extends ModelItem>(
  items: readonly T[],
  structureId: unknown,
  isStructure: (item: T) => boolean,
): readonly T[] {
  const id = toInteger(structureId);
  return id === undefined ? items : items.filter((item) => item.id === id && isStructure(item));
}

function isStructureSection(section: Section): boolean {
  return section.type === 'structure';
}

/** The matrix fields blocks may belong to: `fixed` (the field being resolved) or every one. */
function matrixFields(model: ContentModelIndex, fixed: readonly number[] | undefined): Field[] {
  const all = model.model.fields.filter((field) => holdsNestedElements(field.type));
  return fixed === undefined ? all : all.filter((field) => fixed.includes(field.id));
}

function ids(items: readonly ModelItem[]): number[] {
  return items.map((item) => item.id);
}

/**
 * The fields whose handles are custom-field arguments of a kind's queries: the layouts of the
 * readable contexts (matrix blocks: the block types of the field being resolved).
 */
export function layoutFields(
  kind: ElementKind,
  grants: ScopeGrants,
  model: ContentModelIndex,
  scope: ContainerScope,
): Map<string, Field> {
  let fields: readonly Field[];
  switch (kind) {
    case ElementKinds.entry:
      fields = grants.sections.flatMap((section) =>
        grants.entryTypes(section).flatMap((type) => type.fields),
      );
      break;
    case ElementKinds.asset:
      fields = grants.volumes.flatMap((volume) => volume.fields);
      break;
    case ElementKinds.category:
      fields = grants.categoryGroups.flatMap((group) => group.fields);
      break;
    case ElementKinds.tag:
      fields = grants.tagGroups.flatMap((group) => group.fields);
      break;
    case ElementKinds.globalSet:
      fields = grants.globalSets.flatMap((set) => set.fields);
      break;
    case ElementKinds.user:
      fields = model.model.userFields;
      break;
    case ElementKinds.matrixBlock:
      fields = (scope.typeIds ?? []).flatMap((id) => model.blockTypes.id(id)?.fields ?? []);
      break;
  }
  const byHandle = new Map<string, Field>();
  for (const field of fields) if (!byHandle.has(field.handle)) byHandle.set(field.handle, field);
  return byHandle;
}
