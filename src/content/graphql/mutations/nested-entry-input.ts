import type { Field } from '../../model/content-model';
import type { GraphqlArgs } from '../graphql-request-context';
import type { SchemaTypes } from '../schema/schema-types';
import type { MatrixInputShape } from './matrix-input-shape';

/**
 * Craft 5's Matrix input (docs/content-graphql.md, "Craft 4 → 5"): Craft 4's container shape
 * renamed. `<field>_MatrixInput` has `sortOrder` and `entries`, a list of
 * `<field>_MatrixEntryContainerInput`, each holding one nested entry under its entry type's
 * handle as `<field>_<entryType>_MatrixEntryInput` (`id` and the type's fields by handle; no
 * `title`: block types have no title field). The handles are Craft 5's (SchemaTypes.blockTypeHandle).
 */
export const nestedEntryInputNames = {
  container: (field: Field) => `${field.handle}_MatrixEntryContainerInput`,
  entry: (field: Field, entryTypeHandle: string) =>
    `${field.handle}_${entryTypeHandle}_MatrixEntryInput`,
} as const;

/** Craft 5's Matrix input is Craft 4's in other names (field-inputs.ts builds both). */
export function nestedEntryInputShape(types: SchemaTypes, field: Field): MatrixInputShape {
  return {
    container: nestedEntryInputNames.container(field),
    list: 'entries',
    key: (blockType) => types.blockTypeHandle(blockType),
    block: (handle) => nestedEntryInputNames.entry(field, handle),
  };
}

/**
 * A save mutation's arguments with every Craft 5 Matrix input in Craft 4's shape (`blocks`, keyed
 * by the model's block type handles), which the matrix input reader (matrix-input.ts) takes.
 * Craft 4 arguments pass unchanged.
 */
export function withCraft4MatrixInputs(
  types: SchemaTypes,
  layout: readonly Field[],
  args: GraphqlArgs,
): GraphqlArgs {
  if (types.craftVersion !== '5') return args;
  let converted: Record<string, unknown> | undefined;
  for (const field of layout) {
    const value = args[field.handle];
    if (field.type !== 'matrix' || value === undefined || value === null) continue;
    const { entries, ...rest } = value as { entries?: unknown[] | null };
    const modelHandle = new Map(
      field.blockTypes.map((blockType) => [types.blockTypeHandle(blockType), blockType.handle]),
    );
    const blocks = entries?.map((container) =>
      container === null || typeof container !== 'object'
        ? container
        : Object.fromEntries(
            Object.entries(container).map(([key, data]) => [modelHandle.get(key) ?? key, data]),
          ),
    );
    converted ??= { ...args };
    converted[field.handle] = { ...rest, ...(entries !== undefined && { blocks }) };
  }
  return converted ?? args;
}
