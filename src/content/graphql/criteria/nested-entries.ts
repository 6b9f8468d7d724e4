import type { Field } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ElementKinds } from '../../model/element-kinds';
import type { OwnerScope } from '../../store/element-criteria';
import {
  ENTRY_SECTION_ARGUMENTS,
  NESTED_ENTRY_SELECTORS,
  STRUCTURE_ARGUMENTS,
} from '../schema/argument-names';
import type { ScopeGrants } from '../scope-grants';
import type { ArgumentValues } from './values';
import { holdsNestedElements } from '../../model/field-types';

/**
 * Craft 5's nested entries are our matrix blocks (docs/content-graphql.md, "Craft 4 → 5"). These
 * helpers let the criteria builder read entry arguments as a block query: `entries(field:,
 * fieldId:, ownerId:, primaryOwnerId:)` selects blocks, and a Matrix field or a nested entry's
 * own fields (`localized`, `prev`...) take the entry query's arguments.
 */

/**
 * Entry arguments about what blocks do not have: a section, authors, post and expiry dates, a
 * structure position. Given (not null, not false), they leave no nested entry, as in Craft where
 * nested entries have no section and no structure. `withStructure` and the `*Dist` bounds only
 * shape other structure arguments.
 */
const NOTHING_FOR_BLOCKS = [
  ...ENTRY_SECTION_ARGUMENTS,
  ...STRUCTURE_ARGUMENTS.filter(
    (name) => !['withStructure', 'ancestorDist', 'descendantDist'].includes(name),
  ),
];

/** Whether an entry query asks for nested entries (a field or an owner). */
export function selectsNestedEntries(args: ArgumentValues): boolean {
  return NESTED_ENTRY_SELECTORS.some((name) => args[name] !== undefined && args[name] !== null);
}

/** False when an entry argument that blocks cannot satisfy is given. */
export function blocksCanMatch(args: ArgumentValues): boolean {
  return NOTHING_FOR_BLOCKS.every((name) => {
    const value = args[name];
    return value === undefined || value === null || value === false;
  });
}

/**
 * The matrix fields whose blocks the scope can read without an owner at hand: those in a layout
 * the scope allows (readable entry types, volumes, groups, global sets; the user layout when
 * users are queryable).
 */
export function readableMatrixFieldIds(grants: ScopeGrants, model: ContentModelIndex): number[] {
  const layouts: (readonly Field[])[] = [
    ...grants.sections.flatMap((section) => grants.entryTypes(section).map((type) => type.fields)),
    ...grants.volumes.map((volume) => volume.fields),
    ...grants.categoryGroups.map((group) => group.fields),
    ...grants.tagGroups.map((group) => group.fields),
    ...grants.globalSets.map((set) => set.fields),
    ...(grants.canQuery(ElementKinds.user) ? [model.model.userFields] : []),
  ];
  const ids = new Set<number>();
  for (const field of layouts.flat()) if (holdsNestedElements(field.type)) ids.add(field.id);
  return [...ids];
}

/**
 * The owners whose blocks the scope can read: entries of readable sections and entry types,
 * assets of readable volumes, categories, tags and global sets of readable groups and sets, and
 * users with `usergroups.everyone` (membership of single groups is not an owner condition here).
 */
export function readableOwnerScopes(grants: ScopeGrants): OwnerScope[] {
  const scopes: OwnerScope[] = [];
  const ids = (items: readonly { readonly id: number }[]) => items.map((item) => item.id);
  const entryTypes = grants.sections.flatMap((section) => grants.entryTypes(section));
  if (entryTypes.length > 0) {
    scopes.push({
      kind: ElementKinds.entry,
      containerIds: ids(grants.sections),
      typeIds: ids(entryTypes),
    });
  }
  const containers = [
    [ElementKinds.asset, grants.volumes],
    [ElementKinds.category, grants.categoryGroups],
    [ElementKinds.tag, grants.tagGroups],
    [ElementKinds.globalSet, grants.globalSets],
  ] as const;
  for (const [kind, items] of containers) {
    if (items.length > 0) scopes.push({ kind, containerIds: ids(items) });
  }
  if (grants.allUsers) scopes.push({ kind: ElementKinds.user });
  return scopes;
}
