/** What the plan needs of a stored parent node (a `NodePosition` of structure-nodes.ts). */
export interface ParentPosition {
  readonly rootId: number;
  readonly rgt: number;
  readonly level: number;
}

/**
 * Where a new node of a batch goes, as its last child: a stored node, an earlier new node of the
 * same batch (by index), or the top level (null).
 */
export type NewNodeParent = { readonly stored: ParentPosition } | { readonly index: number } | null;

export interface PlannedNode {
  readonly elementId: number;
  readonly rootId: number;
  readonly lft: number;
  readonly rgt: number;
  readonly level: number;
}

export interface NodePlan {
  /** The new nodes in batch order. */
  readonly nodes: PlannedNode[];
  /**
   * Room made in the stored numbering: every stored lft or rgt `>= at` moves up by twice the
   * `count` of every shift whose `at` it reaches (ascending `at`).
   */
  readonly shifts: { readonly at: number; readonly count: number }[];
}

/**
 * Nested-set numbers of new nodes placed one after the other, each as the last child of its
 * parent, computed at once (the batched save of structure entries): the same numbering as
 * placing them one by one, where each insert shifts what follows its point by 2. Every new
 * node's subtree of new nodes lands at its anchor (the stored parent's rgt, or after `top`,
 * the structure's highest rgt), anchors in stored order, and within an anchor in batch order.
 */
export function planNewNodes(
  top: number,
  news: readonly { readonly elementId: number; readonly parent: NewNodeParent }[],
): NodePlan {
  const children = news.map((): number[] => []);
  const anchored = new Map<number, number[]>();
  for (const [k, { parent }] of news.entries()) {
    if (parent !== null && 'index' in parent) {
      if (parent.index >= k) throw new Error(`node ${k}: its parent comes after it`);
      children[parent.index].push(k);
      continue;
    }
    const at = parent === null ? top + 1 : parent.stored.rgt;
    const atAnchor = anchored.get(at);
    if (atAnchor === undefined) anchored.set(at, [k]);
    else atAnchor.push(k);
  }
  const size = news.map(() => 1);
  // Children come after their parents: summing from the end gives each subtree its size.
  for (let k = news.length - 1; k >= 0; k--) {
    for (const child of children[k]) size[k] += size[child];
  }
  const nodes: PlannedNode[] = new Array<PlannedNode>(news.length);
  const shifts: { at: number; count: number }[] = [];
  let before = 0;
  for (const at of [...anchored.keys()].sort((a, b) => a - b)) {
    let next = at + 2 * before;
    const lay = (k: number, level: number, rootId: number) => {
      const lft = next++;
      for (const child of children[k]) lay(child, level + 1, rootId);
      nodes[k] = { elementId: news[k].elementId, rootId, lft, rgt: next++, level };
    };
    let count = 0;
    for (const k of anchored.get(at)!) {
      const parent = news[k].parent as { readonly stored: ParentPosition } | null;
      if (parent === null) lay(k, 1, news[k].elementId);
      else lay(k, parent.stored.level + 1, parent.stored.rootId);
      count += size[k];
    }
    if (at <= top) shifts.push({ at, count });
    before += count;
  }
  return { nodes, shifts };
}
