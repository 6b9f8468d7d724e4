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

/** Craft 4's generated type names (spec §4.8). */
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
