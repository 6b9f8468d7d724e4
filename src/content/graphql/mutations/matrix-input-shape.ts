import type { MatrixBlockType } from '../../model/content-model';

/**
 * What Craft 4's and Craft 5's Matrix inputs differ in; the rest is one (matrixInput). Craft 4
 * (craft4MatrixInputShape): `blocks`, a list of `<field>_MatrixBlockContainerInput`, each block
 * under its block type's handle. Craft 5 (nested-entry-input.ts): `entries`, a list of
 * `<field>_MatrixEntryContainerInput`, each nested entry under its entry type's handle.
 */
export interface MatrixInputShape {
  /** The name of the container input type (one block or nested entry per container). */
  readonly container: string;
  /** The matrix input's list of containers. */
  readonly list: 'blocks' | 'entries';
  /** A block type's field in the container. */
  readonly key: (blockType: MatrixBlockType) => string;
  /** The name of a block type's input type, from its key. */
  readonly block: (key: string) => string;
}
