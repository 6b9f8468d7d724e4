/**
 * Where a save mutation writes, as Craft saves an element: in one site (`siteId`, else the
 * primary site). A new element's values go to every site of the element (Craft propagates a new
 * element's content); an existing element's translatable values (title, slug, translatable
 * fields) change in that site only, the others everywhere.
 */
export interface SaveSite {
  readonly siteId: number;
  /** `siteId` was given: `enabled` then means enabled in that site (Craft's `enabledForSite`). */
  readonly explicit: boolean;
  readonly creating: boolean;
}
