import type { NormalisedModel } from '../normalised-model';

export const MODEL_ITEM_KINDS = [
  'site',
  'field',
  'blockType',
  'section',
  'entryType',
  'volume',
  'categoryGroup',
  'tagGroup',
  'globalSet',
  'userGroup',
  'imageTransform',
  'graphqlSchema',
] as const;
export type ModelItemKind = (typeof MODEL_ITEM_KINDS)[number];

/** One row of `content_model_items`: an item and its normalised configuration. */
export interface ModelRow {
  readonly kind: ModelItemKind;
  readonly uid: string;
  readonly handle: string;
  /** The normalised item; nested items (entry types, block types, their fields) by uid. */
  readonly config: object;
}

/**
 * The rows of a normalised model. Entry types, matrix block types and block types' fields are
 * rows of their own (they need ids too); their owners list them by uid.
 */
export function modelRows(model: NormalisedModel): ModelRow[] {
  const rows: ModelRow[] = [];
  const add = (kind: ModelItemKind, item: { uid: string; handle: string }, config: object) =>
    rows.push({ kind, uid: item.uid, handle: item.handle, config });
  for (const site of model.sites) add('site', site, site);
  for (const field of model.fields) {
    add('field', field, { ...field, blockTypes: field.blockTypes.map((b) => b.uid) });
    for (const blockType of field.blockTypes) {
      const fields = blockType.fields.map((f) => f.uid);
      add('blockType', blockType, { ...blockType, fieldUid: field.uid, fields });
      for (const blockField of blockType.fields) {
        add('field', blockField, { ...blockField, blockTypeUid: blockType.uid });
      }
    }
  }
  for (const section of model.sections) {
    add('section', section, { ...section, entryTypes: section.entryTypes.map((t) => t.uid) });
    for (const entryType of section.entryTypes) {
      add('entryType', entryType, { ...entryType, sectionUid: section.uid });
    }
  }
  for (const volume of model.volumes) add('volume', volume, volume);
  for (const group of model.categoryGroups) add('categoryGroup', group, group);
  for (const group of model.tagGroups) add('tagGroup', group, group);
  for (const set of model.globalSets) add('globalSet', set, set);
  for (const group of model.userGroups) add('userGroup', group, group);
  for (const transform of model.imageTransforms) add('imageTransform', transform, transform);
  for (const schema of model.schemas) add('graphqlSchema', schema, schema);
  return rows;
}
