import type { Field } from '../model/content-model';
import { ADDRESS_BLOCK_TYPE, CONTENT_BLOCK_TYPE } from '../model/nested-element-fields';

type Item = Readonly<Record<string, unknown>>;

const BLOCK_KEYS = ['uid', 'enabled', 'sites'] as const;

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An addresses or content block value as content files write it (Craft's serialised forms), as
 * the matrix blocks they are stored as:
 * - addresses: a list of `{ countryCode, locality, …, uid?, enabled?, sites? }`, attributes at the top;
 * - a content block: one `{ fields: { … }, uid? }`.
 * Matrix values and anything malformed pass unchanged (the block reader reports them).
 */
export function nestedValueAsBlocks(field: Field, value: unknown): unknown {
  if (field.type === 'addresses' && Array.isArray(value)) {
    return value.map((address: unknown) => {
      if (!isItem(address)) return address;
      const fields: Record<string, unknown> = {};
      const block: Record<string, unknown> = { type: ADDRESS_BLOCK_TYPE, fields };
      for (const [key, v] of Object.entries(address)) {
        if ((BLOCK_KEYS as readonly string[]).includes(key)) block[key] = v;
        else fields[key] = v;
      }
      return block;
    });
  }
  if (field.type === 'contentBlock' && isItem(value)) {
    return [{ type: CONTENT_BLOCK_TYPE, ...value }];
  }
  return value;
}

/** The reverse of nestedValueAsBlocks for an export: blocks as `{ type, enabled?, fields?, sites? }`. */
export function blocksAsNestedValue(field: Field, blocks: readonly Item[]): unknown {
  const withoutType = (block: Item): Record<string, unknown> =>
    Object.fromEntries(Object.entries(block).filter(([key]) => key !== 'type'));
  if (field.type === 'addresses') {
    return blocks.map((block) => {
      const { fields, ...rest } = withoutType(block);
      return { ...(isItem(fields) ? fields : {}), ...rest };
    });
  }
  if (field.type === 'contentBlock') return blocks.length === 0 ? null : withoutType(blocks[0]);
  return blocks;
}
