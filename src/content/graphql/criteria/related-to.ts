import type { ContentModelIndex } from '../../model/content-model.index';
import type { RelatedTo, RelationCondition } from '../../store/element-criteria';
import { toId, toIds, toList } from './values';

/** A relation parameter's verdict: a condition, none at all, or "no element can match". */
export type RelatedToResult = RelatedTo | undefined | 'nothing';

interface Glued {
  readonly glue: 'and' | 'or' | null;
  readonly items: unknown[];
}

/** Splits a leading `and`/`or` off a relation parameter list. */
function unglue(value: unknown): Glued {
  const items = toList(value);
  const first = items[0];
  if (typeof first === 'string') {
    const word = first.trim().toLowerCase();
    if (word === 'and' || word === 'or') return { glue: word, items: items.slice(1) };
  }
  return { glue: null, items };
}

function isScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * One relation criterion: an id, a list of ids, or Craft's object form `{element, sourceElement,
 * targetElement, field}` (`field`: handles or ids). Null when it cannot match anything (no ids, an
 * unknown field). `sourceSite` is not supported by the store and is ignored.
 */
function toCondition(item: unknown, model: ContentModelIndex): RelationCondition | null {
  if (isScalar(item) || Array.isArray(item)) {
    const ids = toIds(item);
    return ids.length === 0 ? null : { element: ids };
  }
  if (item === null || typeof item !== 'object') return null;
  const object = item as Record<string, unknown>;
  const condition: {
    element?: number[];
    sourceElement?: number[];
    targetElement?: number[];
    fieldIds?: number[];
  } = {};
  for (const key of ['element', 'sourceElement', 'targetElement'] as const) {
    if (object[key] === undefined || object[key] === null) continue;
    const ids = elementIds(object[key]);
    if (ids.length === 0) return null;
    condition[key] = ids;
  }
  if (
    condition.element === undefined &&
    condition.sourceElement === undefined &&
    condition.targetElement === undefined
  ) {
    return null;
  }
  if (object.field !== undefined && object.field !== null) {
    const fieldIds = toList(object.field).map((value) => fieldId(value, model));
    if (fieldIds.some((id) => id === null)) return null;
    condition.fieldIds = fieldIds as number[];
  }
  return condition;
}

/** Ids from ids, numeric strings, element-like objects (`{id}`) or lists of them. */
function elementIds(value: unknown): number[] {
  const ids = new Set<number>();
  for (const item of toList(value)) {
    const id =
      item !== null && typeof item === 'object' && 'id' in item ? toId(item.id) : toId(item);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

function fieldId(value: unknown, model: ContentModelIndex): number | null {
  const id = toId(value);
  if (id !== null) return model.field(id) === undefined ? null : id;
  return typeof value === 'string' ? (model.fields.handle(value)?.id ?? null) : null;
}

/**
 * A `relatedTo`/`notRelatedTo` parameter alone (Craft's relation param parser): ids or
 * `["or", ...ids]` are one criterion "related to any of them"; `["and", ...ids]` one criterion per
 * id, all required; lists of criteria objects keep their glue (default `or`). A criterion that can
 * match nothing makes an `and` match nothing and is dropped from an `or`.
 */
export function relationParam(value: unknown, model: ContentModelIndex): RelatedToResult {
  if (value === undefined || value === null) return undefined;
  const { glue, items } = unglue(value);
  if (items.length === 0) return undefined;
  const operator = glue ?? 'or';
  let candidates: (RelationCondition | null)[];
  if (items.every(isScalar)) {
    candidates =
      operator === 'and'
        ? items.map((item) => toCondition(item, model))
        : [toCondition(items, model)];
  } else {
    candidates = items.map((item) => toCondition(item, model));
  }
  return settle(operator, candidates);
}

/**
 * The condition one `relatedTo<Kind>` criteria input adds: related to any of `ids`, through the
 * fields `relatedViaField` names (handles or ids) and made in `viaSiteIds` (`relatedViaSite`,
 * resolved by the caller; null: it named no readable site), as Craft 5.4's RelationArgumentHandler
 * passes them on as the relation criterion's `field` and `site`. Null when it cannot match: no ids,
 * an unknown field, no site.
 */
export function targetCondition(
  ids: readonly number[],
  viaField: unknown,
  viaSiteIds: readonly number[] | null | undefined,
  model: ContentModelIndex,
): RelationCondition | null {
  if (ids.length === 0 || viaSiteIds === null) return null;
  const condition: {
    element: readonly number[];
    fieldIds?: number[];
    sourceSiteIds?: readonly number[];
  } = {
    element: ids,
  };
  const fields = toList(viaField);
  if (viaField !== undefined && viaField !== null && fields.length > 0) {
    const fieldIds = fields.map((value) => fieldId(value, model));
    if (fieldIds.some((id) => id === null)) return null;
    condition.fieldIds = fieldIds as number[];
  }
  if (viaSiteIds !== undefined) condition.sourceSiteIds = viaSiteIds;
  return condition;
}

/**
 * `relatedTo` together with the conditions of `relatedToEntries`, `relatedToAssets`, ... inputs
 * (Craft's RelationArgumentHandler; `targetCondition`): the `relatedTo` criteria become `and`ed
 * conditions (a plain id list stays one "any of" condition, `["and", ...ids]` one per id) and each
 * criteria input adds its condition (null: one that matches nothing); every condition is required.
 */
export function relatedToWithTargets(
  relatedTo: unknown,
  targets: readonly (RelationCondition | null)[],
  model: ContentModelIndex,
): RelatedToResult {
  const candidates: (RelationCondition | null)[] = [];
  const { glue, items } = unglue(relatedTo);
  if (items.length > 0) {
    if (items.every(isScalar)) {
      if (glue === 'and') candidates.push(...items.map((item) => toCondition(item, model)));
      else candidates.push(toCondition(items, model));
    } else {
      candidates.push(...items.map((item) => toCondition(item, model)));
    }
  }
  candidates.push(...targets);
  return settle('and', candidates);
}

/** `relatedToAll` (deprecated): replaces `relatedTo` with "related to every one of these ids". */
export function relatedToAllParam(value: unknown): unknown[] {
  return ['and', ...toList(value)];
}

function settle(operator: 'and' | 'or', candidates: (RelationCondition | null)[]): RelatedToResult {
  if (candidates.length === 0) return undefined;
  if (operator === 'and' && candidates.some((condition) => condition === null)) return 'nothing';
  const conditions = candidates.filter(
    (condition): condition is RelationCondition => condition !== null,
  );
  if (conditions.length === 0) return 'nothing';
  return { operator, conditions };
}
