import type { ContentModelIndex } from '../../model/content-model.index';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { ElementCriteria } from '../../store/element-criteria';
import type { ElementReader } from '../../store/element-reader';
import { matchesParam } from './param-match';
import { toList } from './values';

interface Reference {
  /** Section (entries) or category group handle; null = any. */
  readonly container: string | null;
  readonly slug: string;
}

/** `ref` values: `<section>/<slug>` or `<slug>` (categories: `<group>/<slug>`); commas separate. */
function parseRefs(value: unknown): Reference[] {
  const refs: Reference[] = [];
  for (const item of toList(value)) {
    if (typeof item !== 'string') continue;
    for (const ref of item.split(',')) {
      const parts = ref
        .trim()
        .split('/')
        .filter((part) => part !== '');
      if (parts.length === 1) refs.push({ container: null, slug: parts[0] });
      else if (parts.length >= 2) refs.push({ container: parts[0], slug: parts[1] });
    }
  }
  return refs;
}

function containerHandle(
  kind: ElementKind,
  containerId: number | null,
  model: ContentModelIndex,
): string | undefined {
  if (containerId === null) return undefined;
  if (kind === ElementKinds.entry) return model.sections.id(containerId)?.handle;
  if (kind === ElementKinds.category) return model.categoryGroups.id(containerId)?.handle;
  return undefined;
}

/**
 * The ids the `ref` argument names, among the elements `base` (the rest of the query, scope
 * applied) can return: one store query by slug, then the section/group part checked in memory.
 */
export async function resolveRefIds(
  kind: ElementKind,
  value: unknown,
  base: ElementCriteria,
  model: ContentModelIndex,
  reader: ElementReader,
): Promise<number[]> {
  const refs = parseRefs(value);
  if (refs.length === 0) return [];
  const query: ElementCriteria = {
    ...base,
    slug: refs.map((ref) => ref.slug),
    limit: undefined,
    offset: undefined,
    orderBy: undefined,
    fixedOrder: undefined,
    inReverse: undefined,
  };
  const records = await reader.find(query);
  const ids: number[] = [];
  for (const record of records) {
    const handle = containerHandle(kind, record.containerId, model);
    const matched = refs.some(
      (ref) =>
        record.slug !== null &&
        matchesParam(record.slug, ref.slug) &&
        (ref.container === null || ref.container === handle),
    );
    if (matched && !ids.includes(record.id)) ids.push(record.id);
  }
  return ids;
}
