import type { Field } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';
import { holdsNestedElements, isRelationFieldType } from '../model/field-types';
import { ElementWriteError } from '../store/write/write-error';
import type { SavedElement, SiteContentInput } from '../store/write/write-input';
import { nestedValueAsBlocks } from './nested-field-values';
import type { SeedSiteContent } from './seed-document';
import type { PendingRelation } from './seed-relations';
import { seedBlocks } from './seed-blocks';

/** What an item's field values become for the first pass. */
export interface PreparedContent {
  readonly fields: Record<string, unknown>;
  readonly sites: Map<number, SiteContentInput>;
  /** Gives the waiting relations their source ids once the element is written. */
  readonly written: (saved: SavedElement) => void;
}

/** The values of a content item. */
export interface ContentItem {
  readonly fields?: Readonly<Record<string, unknown>>;
  readonly sites?: Readonly<Record<string, SeedSiteContent>>;
}

function siteIdOf(model: ContentModelIndex, handle: string): number {
  const site = model.sites.handle(handle);
  if (site === undefined) {
    throw new ElementWriteError([
      `sites: no site "${handle}" (sites: ${model.sites.all.map((s) => s.handle).join(', ')})`,
    ]);
  }
  return site.id;
}

/**
 * Splits an item's values: relation values wait for pass two (handed to `pending` once the
 * element is written), matrix blocks become BlockInputs (their relation values wait too), the
 * rest go to the writer as they are.
 */
export function prepareContent(
  model: ContentModelIndex,
  layout: readonly Field[],
  item: ContentItem,
  at: string,
  pending: (relation: PendingRelation) => void,
): PreparedContent {
  const waiting: { relation: PendingRelation; block?: { field: string; index: number } }[] = [];
  const take = (values: Readonly<Record<string, unknown>> | undefined, siteId?: number) => {
    const rest: Record<string, unknown> = {};
    for (const [handle, value] of Object.entries(values ?? {})) {
      const field = layout.find((f) => f.handle === handle);
      if (field !== undefined && isRelationFieldType(field.type)) {
        waiting.push({ relation: { at, field, references: value, siteId } });
      } else if (field !== undefined && holdsNestedElements(field.type) && siteId === undefined) {
        const blocks = nestedValueAsBlocks(field, value);
        rest[handle] = seedBlocks(
          field,
          blocks,
          at,
          (handle) => siteIdOf(model, handle),
          (index, relation) => waiting.push({ relation, block: { field: handle, index } }),
        );
      } else rest[handle] = value;
    }
    return rest;
  };
  const fields = take(item.fields);
  const sites = new Map<number, SiteContentInput>();
  for (const [handle, site] of Object.entries(item.sites ?? {})) {
    sites.set(siteIdOf(model, handle), {
      ...site,
      fields: take(site.fields, siteIdOf(model, handle)),
    });
  }
  return {
    fields,
    sites,
    written: (saved) => {
      // A created element (and its blocks) has no relation rows yet: its first value for each
      // field needs no DELETE in pass two (a later one, per site, replaces rows of the first).
      const seen = new Set<string>();
      for (const { relation, block } of waiting) {
        relation.sourceId =
          block === undefined ? saved.id : saved.blocks.get(block.field)?.[block.index]?.id;
        const pair = `${relation.sourceId} ${relation.field.id}`;
        relation.fresh = saved.created && !seen.has(pair);
        seen.add(pair);
        pending(relation);
      }
    },
  };
}
