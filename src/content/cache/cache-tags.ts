import type { ContentModelIndex } from '../model/content-model.index';
import { type ElementKind, ElementKinds } from '../model/element-kinds';

/**
 * The names CDN caches know answers by (`Cache-Tag`, `Surrogate-Key`) and the invalidation
 * webhook purges (docs/content-limits-cache.md#cdn-caching). Letters, digits, `-` and `_` only:
 * every CDN's tag syntax accepts them (Akamai refuses `:`, Fastly splits on spaces, Cloudflare on
 * commas).
 */

/** On every cacheable answer; sent alone when everything may have changed (import, model). */
export const CONTENT_TAG = 'content';
/** Replaces the tags of an answer that names too many; every write's purge includes it. */
export const OVERFLOW_TAG = 'content-overflow';
/** Any user query: users have no container (their changes come from imports only). */
export const USERS_TAG = 'users';
/** Longest `Cache-Tag` / `Surrogate-Key` value (bytes): proxies' header buffers are small. */
export const MAX_TAG_HEADER_BYTES = 4096;

/** An element a write saved or deleted, as the invalidation names it. */
export interface ChangedElement {
  readonly id: number;
  readonly kind: ElementKind;
  /** Section, volume, category or tag group, global set; null for users. */
  readonly containerId: number | null;
}

export function elementTag(id: number): string {
  return `element-${id}`;
}

/**
 * The tag of a section, volume, category group, tag group or global set, by handle (operators
 * read them); undefined for kinds whose changes reach answers through their owner (Matrix
 * blocks) or that have no container (users: USERS_TAG).
 */
export function containerTag(
  kind: ElementKind,
  containerId: number,
  model: ContentModelIndex,
): string | undefined {
  switch (kind) {
    case ElementKinds.entry:
      return named('section', model.sections.id(containerId)?.handle, containerId);
    case ElementKinds.asset:
      return named('volume', model.volumes.id(containerId)?.handle, containerId);
    case ElementKinds.category:
      return named('category-group', model.categoryGroups.id(containerId)?.handle, containerId);
    case ElementKinds.tag:
      return named('tag-group', model.tagGroups.id(containerId)?.handle, containerId);
    case ElementKinds.globalSet:
      return named('global-set', model.globalSets.id(containerId)?.handle, containerId);
    case ElementKinds.user:
    case ElementKinds.matrixBlock:
      return undefined;
  }
}

/** A container gone from the model keeps a tag by id (a model change purges everything anyway). */
function named(prefix: string, handle: string | undefined, id: number): string {
  return `${prefix}-${handle ?? `id${id}`}`;
}

/**
 * What a write sends to the webhook: each element and its container (lists over that container
 * may have gained, lost or reordered it), and OVERFLOW_TAG for the answers too large to name
 * their own tags.
 */
export function writeTags(model: ContentModelIndex, changed: readonly ChangedElement[]): string[] {
  const tags = new Set<string>();
  for (const element of changed) {
    tags.add(elementTag(element.id));
    const container =
      element.containerId === null
        ? element.kind === ElementKinds.user
          ? USERS_TAG
          : undefined
        : containerTag(element.kind, element.containerId, model);
    if (container !== undefined) tags.add(container);
  }
  tags.add(OVERFLOW_TAG);
  return [...tags];
}

/**
 * The tags an answer names in its headers: CONTENT_TAG first, then containers and elements as
 * read; when they do not fit in MAX_TAG_HEADER_BYTES (joined by `separator`), CONTENT_TAG and
 * OVERFLOW_TAG alone. No coarser tag is exact: a section tag alone would miss the element an
 * answer names through `relatedTo` in another section.
 */
export function headerTags(tags: Iterable<string>, maxBytes = MAX_TAG_HEADER_BYTES): string[] {
  const names = [CONTENT_TAG];
  // Tags are ASCII: length is bytes; every tag after the first adds one separator.
  let bytes = CONTENT_TAG.length;
  for (const tag of tags) {
    if (tag === CONTENT_TAG) continue;
    bytes += tag.length + 1;
    if (bytes > maxBytes) return [CONTENT_TAG, OVERFLOW_TAG];
    names.push(tag);
  }
  return names;
}
