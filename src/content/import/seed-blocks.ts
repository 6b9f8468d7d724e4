import type { Field } from '../model/content-model';
import { isRelationFieldType } from '../model/field-types';
import { ElementWriteError } from '../store/write/write-error';
import type { BlockInput, SiteContentInput } from '../store/write/write-input';
import type { PendingRelation } from './seed-relations';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Seed blocks `{ type, uid?, enabled?, fields?, sites? }` → the writer's BlockInputs; relation
 * values wait (`wait`) for the second pass, keyed by the block's position.
 */
export function seedBlocks(
  field: Field,
  value: unknown,
  at: string,
  siteIdOf: (handle: string) => number,
  wait: (index: number, relation: PendingRelation) => void,
): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((block: unknown, index) => {
    const where = `field "${field.handle}" block ${index + 1}`;
    if (!isObject(block) || typeof block.type !== 'string') {
      throw new ElementWriteError([`${where}: expected { type, fields }`]);
    }
    const unknown = Object.keys(block).filter(
      (key) => !['type', 'uid', 'enabled', 'fields', 'sites'].includes(key),
    );
    if (unknown.length > 0) {
      throw new ElementWriteError([
        `${where}: unknown key "${unknown[0]}" (allowed: type, uid, enabled, fields, sites)`,
      ]);
    }
    const type = field.blockTypes.find((t) => t.handle === block.type);
    if (type === undefined) {
      throw new ElementWriteError([
        `${where}: no block type "${block.type}" (types: ${field.blockTypes.map((t) => t.handle).join(', ')})`,
      ]);
    }
    const split = (values: unknown, siteId?: number) => {
      const rest: Record<string, unknown> = {};
      for (const [handle, v] of Object.entries(isObject(values) ? values : {})) {
        const blockField = type.fields.find((f) => f.handle === handle);
        if (blockField !== undefined && isRelationFieldType(blockField.type)) {
          wait(index, { at: `${at} ${where}`, field: blockField, references: v, siteId });
        } else rest[handle] = v;
      }
      return rest;
    };
    const sites = new Map<number, SiteContentInput>();
    if (isObject(block.sites)) {
      for (const [handle, site] of Object.entries(block.sites)) {
        const siteId = siteIdOf(handle);
        const content = isObject(site) ? site : {};
        sites.set(siteId, { fields: split(content.fields, siteId) });
      }
    }
    return {
      typeId: type.id,
      uid: typeof block.uid === 'string' ? block.uid : undefined,
      enabled: typeof block.enabled === 'boolean' ? block.enabled : undefined,
      fields: split(block.fields),
      sites,
    } satisfies BlockInput;
  });
}
