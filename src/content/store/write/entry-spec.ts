import type { EntryType, Section } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ElementKinds } from '../../model/element-kinds';
import type { ExistingElement } from './element-rows';
import { type SaveSpec, siteSettingsMaps } from './save-spec';
import type { EntryInput } from './write-input';

/** The authors a save sets (undefined: unchanged): `authorIds`, else `authorId`, each once. */
export function entryAuthors(input: EntryInput): readonly number[] | undefined {
  if (input.authorIds !== undefined) return [...new Set(input.authorIds ?? [])];
  if (input.authorId !== undefined) return input.authorId === null ? [] : [input.authorId];
  return undefined;
}

/** How an entry of this section and type is saved (one at a time, or in a batch). */
export function entrySpec(
  model: ContentModelIndex,
  section: Section,
  type: EntryType,
  input: EntryInput,
  existing: ExistingElement | undefined,
  authors: readonly number[] | undefined,
  now: Date,
): SaveSpec {
  const sites = siteSettingsMaps(section.siteSettings, model);
  return {
    kind: ElementKinds.entry,
    containerId: section.id,
    where: `section "${section.handle}", entry type "${type.handle}"`,
    layout: type.fields,
    siteIds: sites.siteIds,
    uriFormats: sites.uriFormats,
    enabledByDefault: sites.enabledByDefault,
    structure:
      section.type === 'structure'
        ? {
            id: section.id,
            maxLevels: section.maxLevels,
            prefixParent: section.uriParentPrefix === true,
          }
        : undefined,
    parentId: section.type === 'structure' ? input.parentId : undefined,
    placement: section.type === 'structure' ? input.placement : undefined,
    title: type.hasTitleField ? { mode: 'required' } : { mode: 'format', format: type.titleFormat },
    hasSlug: true,
    defaultSlug: section.type === 'single' ? section.handle : undefined,
    content: input,
    existing,
    columns: {
      typeId: type.id,
      authorId: authors === undefined ? undefined : (authors[0] ?? null),
      postDate: input.postDate,
      expiryDate: input.expiryDate,
    },
    newColumns: { postDate: input.postDate ?? now },
  };
}
