import { type ElementKind, ElementKinds } from './element-kinds';

/**
 * Every field type of the content model: the one list of them (the YAML's `type`). A switch over
 * a `FieldType` must handle every type (the linter's switch-exhaustiveness-check), so adding one
 * here is an error everywhere it must be handled.
 */
export const FIELD_TYPES = [
  'plainText',
  'number',
  'lightswitch',
  'date',
  'dropdown',
  'radioButtons',
  'checkboxes',
  'multiSelect',
  'email',
  'url',
  'color',
  'markdown',
  'richText',
  'entries',
  'assets',
  'categories',
  'tags',
  'users',
  'matrix',
  'table',
  // Craft 5's field types (docs/content-model.md, "Field types sites use")
  'buttonGroup',
  'country',
  'icon',
  'time',
  'money',
  'link',
  'addresses',
  'contentBlock',
  'range',
  'json',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * The field types whose values are nested elements owned by the element (stored as blocks):
 * matrix blocks, addresses (one fixed layout of address attributes) and a content block (one
 * nested element with the field's layout).
 */
export const NESTED_ELEMENT_FIELD_TYPES = ['matrix', 'addresses', 'contentBlock'] as const;
export type NestedElementFieldType = (typeof NESTED_ELEMENT_FIELD_TYPES)[number];

export function holdsNestedElements(type: FieldType): type is NestedElementFieldType {
  return (NESTED_ELEMENT_FIELD_TYPES as readonly string[]).includes(type);
}

/** The kinds of link a Link field (Craft 5.3+) may hold; `entry`, `asset`, `category` link elements. */
export const LINK_TYPES = ['url', 'email', 'phone', 'sms', 'entry', 'asset', 'category'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** The relation field types, each with the element kind it points at. */
export const RELATION_TARGET_KINDS = {
  entries: ElementKinds.entry,
  assets: ElementKinds.asset,
  categories: ElementKinds.category,
  tags: ElementKinds.tag,
  users: ElementKinds.user,
} as const satisfies Partial<Record<FieldType, ElementKind>>;

export type RelationFieldType = keyof typeof RELATION_TARGET_KINDS;
export const RELATION_FIELD_TYPES = Object.keys(RELATION_TARGET_KINDS) as RelationFieldType[];

/** Whether a field type (or any string) is a relation field type. */
export function isRelationFieldType(type: string): type is RelationFieldType {
  return Object.hasOwn(RELATION_TARGET_KINDS, type);
}

/** The element kind a relation field type points at; undefined for other types. */
export function relationTargetKind(type: string): ElementKind | undefined {
  return isRelationFieldType(type) ? RELATION_TARGET_KINDS[type] : undefined;
}
