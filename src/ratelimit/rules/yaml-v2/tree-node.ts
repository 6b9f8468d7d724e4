// The value tree yaml.v2 decodes from: aliases resolved, merge keys (`<<`) expanded in place.

/** What yaml.v2 stores into an interface{}: floats are numbers, integers bigints. */
export type ScalarValue = string | bigint | number | boolean | null;

export type TreeNode = MapNode | SeqNode | ScalarNode;

export interface MapNode {
  readonly kind: 'map';
  readonly line: number;
  /** In document order, duplicates kept: generic maps keep the last, struct decoding sees all. */
  readonly pairs: readonly Pair[];
}

export interface Pair {
  readonly key: ScalarNode;
  readonly value: TreeNode;
}

export interface SeqNode {
  readonly kind: 'seq';
  readonly line: number;
  readonly items: readonly TreeNode[];
}

export interface ScalarNode {
  readonly kind: 'scalar';
  /** 1-based line of the node, as yaml.v2 reports it. */
  readonly line: number;
  /** Short tag for error texts: !!str, !!int, !!bool, !!null, !!float, !!timestamp or custom. */
  readonly tag: string;
  readonly value: ScalarValue;
  /** The scalar text after quote processing; yaml.v2 stores it into Go strings. */
  readonly text: string;
}

export function isMapNode(node: TreeNode): node is MapNode {
  return node.kind === 'map';
}

export function isNullNode(node: TreeNode): boolean {
  return node.kind === 'scalar' && node.value === null;
}
