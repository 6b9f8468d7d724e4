import type {
  CategoryGroup,
  EntryType,
  Field,
  GlobalSet,
  MatrixBlockType,
  Section,
  TagGroup,
  Volume,
} from '../../model/content-model';

/**
 * Craft 4's generated type names (docs/content-graphql.md#types-craft-4-naming-spec-48); Craft 5's
 * entry type names: SchemaTypes.
 */
export const typeNames = {
  entry: (section: Section, type: EntryType) => `${section.handle}_${type.handle}_Entry`,
  asset: (volume: Volume) => `${volume.handle}_Asset`,
  category: (group: CategoryGroup) => `${group.handle}_Category`,
  tag: (group: TagGroup) => `${group.handle}_Tag`,
  globalSet: (set: GlobalSet) => `${set.handle}_GlobalSet`,
  user: () => 'User',
  block: (field: Field, blockType: MatrixBlockType) =>
    `${field.handle}_${blockType.handle}_BlockType`,
  matrixUnion: (field: Field) => `${field.handle}_MatrixField`,
  tableRow: (field: Field) => `${field.handle}_TableRow`,
  sectionUnion: (section: Section) => `${section.handle}SectionEntryUnion`,
} as const;

/**
 * Craft 5's entry type handles. Entry types are global in Craft 5, so their handles are unique,
 * while ours are unique per section only. Craft's upgrade to 5 (migration
 * m230524_220029_global_entry_types) keeps the first entry type with a handle and renames each
 * later one to `<section>_<handle>`, then `<section>_<handle>2`, `3`... until the handle is free;
 * we apply that rule in model order (sections, then their entry types) to the entry types written
 * in sections. Global entry types (Craft 5's own form, `shared`) are one entry type in every
 * section that lists them and keep their handle; the renamed ones step around them. Computed over
 * the whole model, so a type's name does not depend on the schema's scope.
 */
export function craft5EntryTypeHandles(sections: readonly Section[]): ReadonlyMap<number, string> {
  const handles = new Map<number, string>();
  const taken = new Set<string>();
  for (const section of sections) {
    for (const type of section.entryTypes) {
      if (type.shared === true) {
        taken.add(type.handle);
        handles.set(type.id, type.handle);
      }
    }
  }
  for (const section of sections) {
    for (const type of section.entryTypes) {
      if (type.shared === true) continue;
      let handle = type.handle;
      if (taken.has(handle)) {
        const base = `${section.handle}_${type.handle}`;
        handle = base;
        for (let i = 2; taken.has(handle); i++) handle = `${base}${i}`;
      }
      taken.add(handle);
      handles.set(type.id, handle);
    }
  }
  return handles;
}

/**
 * Craft 5's entry type handles for matrix block types: Matrix blocks became nested entries, each
 * block type an entry type. Craft's upgrade (migration m230617_070415_entrify_matrix_blocks) runs
 * after the entry types are global: it takes the matrix fields in order, their block types in
 * order, and gives each its handle, else `<handle>2`, `3`... while the handle is taken by an
 * entry type or an earlier block type (compared without case, as the migration does). A global
 * entry type a matrix field lists (`shared`) keeps its handle: it is not a converted block type.
 */
export function craft5BlockTypeHandles(
  matrixFields: readonly Field[],
  entryTypeHandles: Iterable<string>,
): ReadonlyMap<number, string> {
  const taken = new Set([...entryTypeHandles].map((handle) => handle.toLowerCase()));
  const handles = new Map<number, string>();
  const blockTypes = matrixFields.flatMap((field) => field.blockTypes);
  for (const blockType of blockTypes) {
    if (blockType.shared === true) {
      taken.add(blockType.handle.toLowerCase());
      handles.set(blockType.id, blockType.handle);
    }
  }
  for (const blockType of blockTypes) {
    if (blockType.shared === true) continue;
    let handle = blockType.handle;
    for (let i = 2; taken.has(handle.toLowerCase()); i++) handle = `${blockType.handle}${i}`;
    taken.add(handle.toLowerCase());
    handles.set(blockType.id, handle);
  }
  return handles;
}

/** Interface names per element kind. */
export const INTERFACE_NAMES = {
  element: 'ElementInterface',
  entry: 'EntryInterface',
  asset: 'AssetInterface',
  user: 'UserInterface',
  category: 'CategoryInterface',
  tag: 'TagInterface',
  globalset: 'GlobalSetInterface',
  matrixblock: 'MatrixBlockInterface',
} as const;

/** Relation criteria input types (Craft 3.x/4.x names). */
export const CRITERIA_INPUT_NAMES = {
  entry: 'EntryCriteriaInput',
  asset: 'AssetCriteriaInput',
  user: 'UserCriteriaInput',
  category: 'CategoryCriteriaInput',
  tag: 'TagCriteriaInput',
} as const;

/** Craft 5.4's relation criteria inputs: the kind's arguments plus `relatedViaField`/`Site`. */
export const RELATION_CRITERIA_INPUT_NAMES = {
  entry: 'EntryRelationCriteriaInput',
  asset: 'AssetRelationCriteriaInput',
  user: 'UserRelationCriteriaInput',
  category: 'CategoryRelationCriteriaInput',
  tag: 'TagRelationCriteriaInput',
} as const satisfies Record<keyof typeof CRITERIA_INPUT_NAMES, string>;
