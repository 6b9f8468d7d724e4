import { type NewNodeParent, planNewNodes } from './structure-batch';
import type { NodePosition } from './structure-nodes';

interface Node {
  elementId: number;
  rootId: number;
  lft: number;
  rgt: number;
  level: number;
}

/** Places nodes one by one as StructureNodes.place does (last child; shifts what follows). */
function oneByOne(stored: Node[], news: { elementId: number; parent: number | null }[]): Node[] {
  const nodes = stored.map((node) => ({ ...node }));
  for (const { elementId, parent } of news) {
    const under = parent === null ? undefined : nodes.find((n) => n.elementId === parent)!;
    const at = under ? under.rgt : Math.max(0, ...nodes.map((n) => n.rgt)) + 1;
    for (const n of nodes) {
      if (n.lft >= at) n.lft += 2;
      if (n.rgt >= at) n.rgt += 2;
    }
    const level = under ? under.level + 1 : 1;
    nodes.push({
      elementId,
      rootId: under ? under.rootId : elementId,
      lft: at,
      rgt: at + 1,
      level,
    });
  }
  return nodes.sort((a, b) => a.lft - b.lft);
}

/** The plan applied to the stored nodes. */
function planned(stored: Node[], news: { elementId: number; parent: number | null }[]): Node[] {
  const top = Math.max(0, ...stored.map((n) => n.rgt));
  const index = new Map(news.map((node, k) => [node.elementId, k]));
  const position = (node: Node): NodePosition => ({ ...node, structureId: 1 });
  const plan = planNewNodes(
    top,
    news.map(({ elementId, parent }) => {
      let to: NewNodeParent = null;
      if (parent !== null) {
        to = index.has(parent)
          ? { index: index.get(parent)! }
          : { stored: position(stored.find((n) => n.elementId === parent)!) };
      }
      return { elementId, parent: to };
    }),
  );
  const shift = (value: number) =>
    value + 2 * plan.shifts.filter((s) => s.at <= value).reduce((sum, s) => sum + s.count, 0);
  return [
    ...stored.map((n) => ({ ...n, lft: shift(n.lft), rgt: shift(n.rgt) })),
    ...plan.nodes,
  ].sort((a, b) => a.lft - b.lft);
}

describe('planNewNodes', () => {
  // 1 (2 (3)), 5
  const stored: Node[] = [
    { elementId: 1, rootId: 1, lft: 1, rgt: 6, level: 1 },
    { elementId: 2, rootId: 1, lft: 2, rgt: 5, level: 2 },
    { elementId: 3, rootId: 1, lft: 3, rgt: 4, level: 3 },
    { elementId: 5, rootId: 5, lft: 7, rgt: 8, level: 1 },
  ];

  it('numbers new nodes as placing them one by one does', () => {
    const news = [
      { elementId: 10, parent: null },
      { elementId: 11, parent: 10 },
      { elementId: 12, parent: 2 },
      { elementId: 13, parent: 11 },
      { elementId: 14, parent: 3 },
      { elementId: 15, parent: 5 },
      { elementId: 16, parent: 12 },
      { elementId: 17, parent: null },
      { elementId: 18, parent: 2 },
      { elementId: 19, parent: 10 },
    ];
    expect(planned(stored, news)).toEqual(oneByOne(stored, news));
  });

  it('numbers a new structure from 1', () => {
    const news = [
      { elementId: 1, parent: null },
      { elementId: 2, parent: 1 },
      { elementId: 3, parent: 2 },
      { elementId: 4, parent: null },
      { elementId: 5, parent: 4 },
    ];
    expect(planned([], news)).toEqual(oneByOne([], news));
    expect(planNewNodes(0, [{ elementId: 1, parent: null }]).nodes).toEqual([
      { elementId: 1, rootId: 1, lft: 1, rgt: 2, level: 1 },
    ]);
  });

  it('refuses a parent after its child', () => {
    expect(() => planNewNodes(0, [{ elementId: 1, parent: { index: 0 } }])).toThrow();
  });
});
