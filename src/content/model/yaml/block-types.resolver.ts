import { holdsNestedElements } from '../field-types';
import { CONTENT_BLOCK_TYPE } from '../nested-element-fields';
import { suggestion } from './did-you-mean';
import { HandleTable, type Registered, type UidRegistry } from './item-registry';
import type { ModelProblems } from './problems';
import type { ParsedBlockType, ParsedEntryType, ParsedField } from './parsed-model';

/*
 * Block types of the fields that hold nested elements: matrix block types written in the field,
 * global entry types a matrix field lists (Craft 5), the one block type of a content block.
 */

/** Fields with the parts of them other items reference. */
export interface FieldEntry {
  readonly field: Registered<ParsedField>;
  readonly blockTypes: {
    readonly blockType: Registered<ParsedBlockType>;
    readonly fields: HandleTable<ParsedField>;
  }[];
}

/**
 * The global entry types a matrix field lists (Craft 5's form), as block types placed at the
 * reference: their fields are copies of the entry type's layout (uids of block fields, so the
 * block's values live where a written block type's would). Matrix fields do not nest here.
 */
export function entryTypeBlockTypes(
  field: ParsedField,
  globals: HandleTable<ParsedEntryType>,
  fields: HandleTable<ParsedField>,
  shared: WeakSet<ParsedBlockType>,
  problems: ModelProblems,
): ParsedBlockType[] {
  const blockTypes: ParsedBlockType[] = [];
  for (const ref of field.entryTypes) {
    const global = globals.get(ref.value)?.item;
    if (global === undefined) {
      problems.add(
        ref.where,
        `unknown entry type "${ref.value}"${suggestion(ref.value, globals.handles)}`,
      );
      continue;
    }
    const layout: ParsedField[] = [];
    for (const { value } of global.fields) {
      const own = fields.get(value)?.item;
      if (own === undefined) continue; // reported with the entry type's layout
      if (holdsNestedElements(own.type)) {
        problems.add(
          ref.where,
          `entry type "${global.handle}" has the matrix field "${own.handle}": a matrix field cannot hold another`,
        );
      } else layout.push({ ...own, uid: undefined, where: ref.where });
    }
    const blockType = {
      handle: global.handle,
      name: global.name,
      uid: undefined,
      where: ref.where,
      fields: layout,
    };
    shared.add(blockType);
    blockTypes.push(blockType);
  }
  return blockTypes;
}

/**
 * A content block field's one block type: copies of the global fields its layout lists (a content
 * block holds no nested elements itself, as Craft forbids content blocks in content blocks).
 */
export function contentBlockTypes(
  field: ParsedField,
  fields: HandleTable<ParsedField>,
  problems: ModelProblems,
): ParsedBlockType[] {
  if (field.type !== 'contentBlock') return [];
  const layout: ParsedField[] = [];
  for (const ref of field.contentFields) {
    const own = fields.get(ref.value)?.item;
    if (own === undefined) {
      problems.add(
        ref.where,
        `unknown field "${ref.value}"${suggestion(ref.value, fields.handles)}`,
      );
    } else if (holdsNestedElements(own.type)) {
      problems.add(
        ref.where,
        `"${own.handle}" (${own.type}) holds nested elements, which a content block cannot hold`,
      );
    } else layout.push({ ...own, uid: undefined, where: ref.where });
  }
  return [
    {
      handle: CONTENT_BLOCK_TYPE,
      name: field.name,
      uid: undefined,
      where: field.where,
      fields: layout,
    },
  ];
}

/** A matrix field's block types and their fields: handles unique within their owner. */
export function registerBlockTypes(
  field: Registered<ParsedField>,
  list: readonly ParsedBlockType[],
  uids: UidRegistry,
  problems: ModelProblems,
): FieldEntry {
  const owner = field.item.handle;
  const blockTypes = new HandleTable(list, 'block type', problems, (blockType) =>
    uids.claim(blockType, 'block type', 'blockType', `${owner}.${blockType.handle}`),
  );
  return {
    field,
    blockTypes: blockTypes.all.map((blockType) => ({
      blockType,
      fields: new HandleTable(blockType.item.fields, 'field', problems, (blockField) =>
        uids.claim(
          blockField,
          'field',
          'field',
          `${owner}.${blockType.item.handle}.${blockField.handle}`,
        ),
      ),
    })),
  };
}
