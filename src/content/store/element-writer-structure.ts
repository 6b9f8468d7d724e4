import { sql } from 'drizzle-orm';
import type { Database } from '../../infra/database/database';
import { rawRows } from '../../infra/database/raw-rows';
import type { ProblemList } from './element-writer-error';

/**
 * Nested-set positions in `content_structure_nodes`. One numbering per structure (a structure
 * section or category group, `structure_id` = its id) as under Craft's hidden structure root:
 * top-level elements are level 1, one after the other (the first has lft 1), `root_id` is the
 * element id of the level-1 ancestor (itself at level 1). Ordering by lft is structure order.
 */

/** With the structure id, the advisory lock that serialises placements in one structure. */
const STRUCTURE_LOCK_CLASS = 72_834;

export interface NodePosition {
  readonly elementId: number;
  readonly structureId: number;
  readonly rootId: number;
  readonly lft: number;
  readonly rgt: number;
  readonly level: number;
}

interface NodeRow {
  element_id: number | string;
  structure_id: number | string;
  root_id: number | string;
  lft: number;
  rgt: number;
  level: number;
}

const toPosition = (row: NodeRow): NodePosition => ({
  elementId: Number(row.element_id),
  structureId: Number(row.structure_id),
  rootId: Number(row.root_id),
  lft: Number(row.lft),
  rgt: Number(row.rgt),
  level: Number(row.level),
});

export interface StructureSpec {
  readonly id: number;
  readonly maxLevels: number | null;
}

export class StructureNodes {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  async position(elementId: number): Promise<NodePosition | undefined> {
    const [row] = await rawRows<NodeRow>(
      this.db,
      sql`SELECT element_id, structure_id, root_id, lft, rgt, level FROM content_structure_nodes
          WHERE element_id = ${elementId}`,
    );
    return row === undefined ? undefined : toPosition(row);
  }

  async parentOf(elementId: number): Promise<number | null> {
    const [row] = await rawRows<{ element_id: number | string }>(
      this.db,
      sql`SELECT p.element_id FROM content_structure_nodes n
          JOIN content_structure_nodes p ON p.structure_id = n.structure_id
            AND p.lft < n.lft AND p.rgt > n.rgt AND p.level = n.level - 1
          WHERE n.element_id = ${elementId}`,
    );
    return row === undefined ? null : Number(row.element_id);
  }

  /** Descendants in structure order, each with its parent's element id. */
  async descendants(elementId: number): Promise<{ elementId: number; parentId: number }[]> {
    const rows = await rawRows<NodeRow>(
      this.db,
      sql`SELECT n.element_id, n.structure_id, n.root_id, n.lft, n.rgt, n.level
          FROM content_structure_nodes a
          JOIN content_structure_nodes n ON n.structure_id = a.structure_id
            AND n.lft > a.lft AND n.rgt < a.rgt
          WHERE a.element_id = ${elementId}
          ORDER BY n.lft`,
    );
    const stack: NodePosition[] = [];
    const result: { elementId: number; parentId: number }[] = [];
    for (const node of rows.map(toPosition)) {
      while (stack.length > 0 && stack[stack.length - 1].rgt < node.lft) stack.pop();
      result.push({
        elementId: node.elementId,
        parentId: stack[stack.length - 1]?.elementId ?? elementId,
      });
      stack.push(node);
    }
    return result;
  }

  /**
   * Puts an element under `parentId` (null: top level) as the last child. A new element is
   * inserted; a placed one moves with its subtree when its parent changes, and keeps its
   * position when it does not. Problems (unknown parent, too deep, a cycle) go to `problems`.
   */
  async place(
    structure: StructureSpec,
    elementId: number,
    parentId: number | null,
    problems: ProblemList,
  ): Promise<void> {
    await this.db.execute(
      sql`SELECT pg_advisory_xact_lock(${STRUCTURE_LOCK_CLASS}::int, ${structure.id}::int)`,
    );
    const current = await this.position(elementId);
    const parent = parentId === null ? undefined : await this.position(parentId);
    if (parentId !== null && (parent === undefined || parent.structureId !== structure.id)) {
      problems.add(`parent ${parentId} is not in the same structure`);
      return;
    }
    if (current === undefined) {
      if (!this.fits(structure, parent ? parent.level + 1 : 1, 0, problems)) return;
      await this.insert(structure.id, elementId, parent);
      return;
    }
    if ((await this.parentOf(elementId)) === parentId) return;
    if (parent !== undefined && parent.lft >= current.lft && parent.rgt <= current.rgt) {
      problems.add(`an element cannot be moved under itself or its descendants`);
      return;
    }
    const depth = await this.subtreeDepth(current);
    if (!this.fits(structure, parent ? parent.level + 1 : 1, depth, problems)) return;
    await this.move(current, parent?.elementId ?? null);
  }

  private fits(structure: StructureSpec, level: number, depth: number, problems: ProblemList) {
    if (structure.maxLevels === null || level + depth <= structure.maxLevels) return true;
    problems.add(
      `the structure allows ${structure.maxLevels} level${structure.maxLevels === 1 ? '' : 's'}; this would put an element at level ${level + depth}`,
    );
    return false;
  }

  private async subtreeDepth(node: NodePosition): Promise<number> {
    const [row] = await rawRows<{ deepest: number }>(
      this.db,
      sql`SELECT max(level) AS deepest FROM content_structure_nodes
          WHERE structure_id = ${node.structureId} AND lft >= ${node.lft} AND rgt <= ${node.rgt}`,
    );
    return Number(row.deepest) - node.level;
  }

  private async insert(
    structureId: number,
    elementId: number,
    parent: NodePosition | undefined,
  ): Promise<void> {
    let lft: number;
    if (parent === undefined) {
      lft = (await this.maxRgt(structureId)) + 1;
    } else {
      lft = parent.rgt;
      await this.openGap(structureId, parent.rgt, 2);
    }
    await this.db.execute(
      sql`INSERT INTO content_structure_nodes (element_id, structure_id, root_id, lft, rgt, level)
          VALUES (${elementId}, ${structureId}, ${parent?.rootId ?? elementId}, ${lft}, ${lft + 1},
            ${parent ? parent.level + 1 : 1})`,
    );
  }

  /**
   * Moves a subtree: its rows are parked at negative positions, the gap it leaves is closed, a
   * gap is opened at the end of the new parent (or of the structure), and the rows come back.
   */
  private async move(node: NodePosition, parentId: number | null): Promise<void> {
    const { structureId, lft, rgt } = node;
    const width = rgt - lft + 1;
    await this.db.execute(
      sql`UPDATE content_structure_nodes SET lft = -lft, rgt = -rgt
          WHERE structure_id = ${structureId} AND lft >= ${lft} AND rgt <= ${rgt}`,
    );
    await this.db.execute(
      sql`UPDATE content_structure_nodes
          SET lft = CASE WHEN lft > ${rgt} THEN lft - ${width} ELSE lft END,
              rgt = rgt - ${width}
          WHERE structure_id = ${structureId} AND rgt > ${rgt}`,
    );
    let newLft: number;
    let newLevel: number;
    let newRoot: number;
    if (parentId === null) {
      newLft = (await this.maxRgt(structureId)) + 1;
      newLevel = 1;
      newRoot = node.elementId;
    } else {
      const parent = (await this.position(parentId))!;
      newLft = parent.rgt;
      newLevel = parent.level + 1;
      newRoot = parent.rootId;
      await this.openGap(structureId, parent.rgt, width);
    }
    const shift = newLft - lft;
    await this.db.execute(
      sql`UPDATE content_structure_nodes
          SET lft = -lft + ${shift}, rgt = -rgt + ${shift}, level = level + ${newLevel - node.level},
              root_id = ${newRoot}
          WHERE structure_id = ${structureId} AND lft < 0`,
    );
  }

  /** Makes room for `width` positions at `at` (the rgt of the node that gets a last child). */
  private async openGap(structureId: number, at: number, width: number): Promise<void> {
    await this.db.execute(
      sql`UPDATE content_structure_nodes
          SET lft = CASE WHEN lft > ${at} THEN lft + ${width} ELSE lft END,
              rgt = rgt + ${width}
          WHERE structure_id = ${structureId} AND rgt >= ${at}`,
    );
  }

  private async maxRgt(structureId: number): Promise<number> {
    const [row] = await rawRows<{ top: number | null }>(
      this.db,
      sql`SELECT coalesce(max(rgt), 0) AS top FROM content_structure_nodes
          WHERE structure_id = ${structureId} AND rgt > 0`,
    );
    return Number(row.top);
  }
}
