import type { Field, GlobalSet, SectionSiteSettings } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { ElementColumns, ExistingElement } from './element-rows';
import type { StructurePlacement, StructureSpec } from './structure-nodes';
import type { ElementContentInput } from './write-input';

/** How one kind of element is saved (built by the writer's public save methods). */
export interface SaveSpec {
  readonly kind: ElementKind;
  readonly containerId: number | null;
  /** Describes the container in messages, e.g. `section "news", entry type "article"`. */
  readonly where: string;
  readonly layout: readonly Field[];
  readonly siteIds: readonly number[];
  readonly uriFormats?: ReadonlyMap<number, string>;
  readonly enabledByDefault?: ReadonlyMap<number, boolean>;
  readonly structure?: StructureSpec & { readonly prefixParent: boolean };
  readonly parentId?: number | null;
  /** Craft's structure operations; win over parentId. */
  readonly placement?: StructurePlacement;
  readonly title: TitleRule;
  readonly hasSlug: boolean;
  readonly defaultSlug?: string;
  readonly content: ElementContentInput;
  readonly existing: ExistingElement | undefined;
  /** Columns besides the common ones (enabled, archived, dates). */
  readonly columns: ElementColumns;
  /** Columns only a new element gets (defaults such as the post date). */
  readonly newColumns?: ElementColumns;
  readonly extraSearch?: readonly (string | null)[];
  /** Runs once the element row exists (kind-specific rows: assets, memberships). */
  readonly afterRow?: (id: number) => Promise<void>;
}

/** Where an element's title comes from. */
export type TitleRule =
  | { readonly mode: 'required' }
  | { readonly mode: 'optional'; readonly fallback: string }
  | { readonly mode: 'format'; readonly format: string }
  | { readonly mode: 'fixed'; readonly value: string }
  | { readonly mode: 'none' };

/** How URIs of a structure's elements are made (refreshed when elements move). */
export interface UriRules {
  readonly uriFormats?: ReadonlyMap<number, string>;
  readonly prefixParent: boolean;
}

/** The first value that is not undefined. */
export const pick = <T>(...values: (T | undefined)[]): T | undefined =>
  values.find((value) => value !== undefined);

/** The ids of every site of the model. */
export const allSiteIds = (model: ContentModelIndex): number[] =>
  model.sites.all.map((site) => site.id);

/** Sites of a section or category group (all sites when the list is empty). */
export function siteSettingsMaps(
  settings: readonly SectionSiteSettings[],
  model: ContentModelIndex,
): { siteIds: number[]; uriFormats: Map<number, string>; enabledByDefault: Map<number, boolean> } {
  const list: readonly SectionSiteSettings[] =
    settings.length > 0
      ? settings
      : model.sites.all.map((site) => ({ siteId: site.id, uriFormat: '', enabledByDefault: true }));
  return {
    siteIds: list.map((s) => s.siteId),
    uriFormats: new Map(list.map((s) => [s.siteId, s.uriFormat])),
    enabledByDefault: new Map(list.map((s) => [s.siteId, s.enabledByDefault])),
  };
}

/** The save of a global set's one element (its title is the set's name in every site). */
export function globalSetSpec(
  set: GlobalSet,
  model: ContentModelIndex,
  content: ElementContentInput,
  existing: ExistingElement | undefined,
): SaveSpec {
  return {
    kind: ElementKinds.globalSet,
    containerId: set.id,
    where: `global set "${set.handle}"`,
    layout: set.fields,
    siteIds: allSiteIds(model),
    title: { mode: 'fixed', value: set.name },
    hasSlug: false,
    content,
    existing,
    columns: {},
  };
}
