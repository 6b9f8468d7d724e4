import type { Field, MatrixBlockType } from '../../model/content-model';
import type { BlockInput, SiteContentInput } from '../../store/write/write-input';
import type { SaveSite } from './save-site';

/** A block the owner has now (its id is what clients send back). */
export interface ExistingBlock {
  readonly id: number;
  readonly uid: string;
  readonly typeId: number;
}

interface GivenBlock {
  readonly type: MatrixBlockType;
  readonly values: Record<string, unknown>;
}

/**
 * Craft's matrix input (`{ sortOrder, blocks }`) as the writer's list of blocks. `sortOrder` lists
 * every block to keep, by id, new ones by their temporary id (`new1`); without it, the given
 * blocks in their order are the whole list. A block in `sortOrder` but not in `blocks` keeps its
 * values; blocks left out of `sortOrder` are deleted (given new ones are ignored, as in Craft).
 * Blocks without an id are new (`new:1`, `new:2`..., Craft's deprecated form). `null` clears the
 * field. Problems name the field and go to `problems`.
 */
export function matrixBlocks(
  field: Field,
  value: unknown,
  existing: readonly ExistingBlock[],
  site: SaveSite,
  problems: string[],
): BlockInput[] {
  const label = `field "${field.handle}"`;
  if (value === null) return [];
  const input = value as { sortOrder?: unknown[] | null; blocks?: unknown[] | null };
  const given = new Map<string, GivenBlock>();
  let counter = 1;
  for (const [index, container] of (input.blocks ?? []).entries()) {
    const entries = Object.entries((container ?? {}) as Record<string, unknown>).filter(
      ([, data]) => data !== undefined && data !== null,
    );
    if (entries.length === 0) continue;
    if (entries.length > 1) {
      problems.push(
        `${label}: block ${index + 1} gives ${entries.length} block types; give exactly one`,
      );
      continue;
    }
    const [handle, data] = entries[0];
    const type = field.blockTypes.find((t) => t.handle === handle)!;
    const { id, ...values } = data as Record<string, unknown>;
    const key =
      typeof id === 'string' && id !== ''
        ? id
        : typeof id === 'number'
          ? String(id)
          : `new:${counter++}`;
    given.set(key, { type, values });
  }

  const order = input.sortOrder?.map(String) ?? [...given.keys()];
  const blocks: BlockInput[] = [];
  for (const key of order) {
    const old = existing.find((block) => String(block.id) === key);
    const block = given.get(key);
    if (old !== undefined) {
      if (block !== undefined && block.type.id !== old.typeId) {
        const oldType = field.blockTypes.find((t) => t.id === old.typeId)?.handle ?? '?';
        problems.push(`${label}: block ${key} is a "${oldType}" block, not "${block.type.handle}"`);
        continue;
      }
      blocks.push({
        uid: old.uid,
        typeId: old.typeId,
        ...(block !== undefined && blockContent(block, site, false)),
      });
    } else if (block !== undefined && !/^\d+$/.test(key)) {
      blocks.push({ typeId: block.type.id, isNew: true, ...blockContent(block, site, true) });
    } else {
      problems.push(
        block !== undefined
          ? `${label}: block ${key} is not a block of this field`
          : `${label}: sortOrder names "${key}", which is neither a block of this field nor one of the given blocks`,
      );
    }
  }
  return blocks;
}

/** A block's values: everywhere for new blocks, else translatable ones in the saved site only. */
function blockContent(
  block: GivenBlock,
  site: SaveSite,
  isNew: boolean,
): Pick<BlockInput, 'fields' | 'sites'> {
  if (isNew || site.creating) return { fields: block.values };
  const fields: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [handle, value] of Object.entries(block.values)) {
    const translatable = block.type.fields.find((f) => f.handle === handle)?.translatable ?? false;
    (translatable ? own : fields)[handle] = value;
  }
  const sites =
    Object.keys(own).length === 0
      ? undefined
      : new Map<number, SiteContentInput>([[site.siteId, { fields: own }]]);
  return { fields, ...(sites !== undefined && { sites }) };
}
