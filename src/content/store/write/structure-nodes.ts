import { sql } from 'drizzle-orm';
import type { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import type { NodePlan } from './structure-batch';
import type { ProblemList } from './write-error';

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

/**
 * Where an element goes in its structure (Craft's structure operations): first or last child of
 * a parent (null: of the top level), or right before or after a sibling.
 */
export type StructurePlacement =
  | { readonly position: 'first' | 'last'; readonly parentId: number | null }
  | { readonly position: 'before' | 'after'; readonly siblingId: number };

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
    await this.lock(structure.id);
    if ((await this.position(elementId)) !== undefined) {
      if ((await this.parentOf(elementId)) === parentId) return;
    }
    await this.placeLocked(structure, elementId, { position: 'last', parentId }, problems);
  }

  /**
   * Craft's structure operations (prepend/append to a parent or the top level, insert before or
   * after a sibling): inserts a new element there, or moves a placed one there with its subtree,
   * also within the same parent. Problems go to `problems`.
   */
  async placeAt(
    structure: StructureSpec,
    elementId: number,
    placement: StructurePlacement,
    problems: ProblemList,
  ): Promise<void> {
    await this.lock(structure.id);
    await this.placeLocked(structure, elementId, placement, problems);
  }

  /**
   * Takes an element out of its structure (a soft delete, as Craft does): its children move up
   * into its place, keeping their order and subtrees. Returns the element's parent and its former
   * children, or undefined when it had no position.
   */
  async remove(
    elementId: number,
  ): Promise<{ parentId: number | null; children: number[] } | undefined> {
    const unlocked = await this.position(elementId);
    if (unlocked === undefined) return undefined;
    await this.lock(unlocked.structureId);
    const node = await this.position(elementId);
    if (node === undefined) return undefined;
    const { structureId, lft, rgt, level } = node;
    const parentId = await this.parentOf(elementId);
    const children = await rawRows<{ element_id: number | string }>(
      this.db,
      sql`SELECT element_id FROM content_structure_nodes
          WHERE structure_id = ${structureId} AND lft > ${lft} AND rgt < ${rgt}
            AND level = ${level + 1}
          ORDER BY lft`,
    );
    await this.db.execute(sql`DELETE FROM content_structure_nodes WHERE element_id = ${elementId}`);
    await this.db.execute(
      sql`UPDATE content_structure_nodes SET lft = lft - 1, rgt = rgt - 1, level = level - 1
          WHERE structure_id = ${structureId} AND lft > ${lft} AND rgt < ${rgt}`,
    );
    await this.db.execute(
      sql`UPDATE content_structure_nodes
          SET lft = CASE WHEN lft > ${rgt} THEN lft - 2 ELSE lft END, rgt = rgt - 2
          WHERE structure_id = ${structureId} AND rgt > ${rgt}`,
    );
    // Children of a top-level element become top-level trees of their own.
    if (level === 1) {
      await this.db.execute(
        sql`UPDATE content_structure_nodes n SET root_id = (
              SELECT a.element_id FROM content_structure_nodes a
              WHERE a.structure_id = n.structure_id AND a.level = 1
                AND a.lft <= n.lft AND a.rgt >= n.rgt)
            WHERE n.structure_id = ${structureId} AND n.lft >= ${lft} AND n.rgt <= ${rgt - 2}`,
      );
    }
    return { parentId, children: children.map((row) => Number(row.element_id)) };
  }

  /**
   * Writes the nodes of a batch (structure-batch.ts) into one structure, whose lock the caller
   * holds and whose numbering the plan was made from: the stored nodes make room, then the new
   * ones go in, two statements whatever their number.
   */
  async insertPlanned(structureId: number, plan: NodePlan): Promise<void> {
    if (plan.shifts.length > 0) {
      const ats = sql.param(plan.shifts.map((shift) => shift.at));
      const counts = sql.param(plan.shifts.map((shift) => shift.count));
      await this.db.execute(
        sql`UPDATE content_structure_nodes n
            SET lft = n.lft + 2 * coalesce((SELECT sum(s.count) FROM unnest(${ats}::int[],
                  ${counts}::int[]) AS s(at, count) WHERE s.at <= n.lft), 0),
                rgt = n.rgt + 2 * coalesce((SELECT sum(s.count) FROM unnest(${ats}::int[],
                  ${counts}::int[]) AS s(at, count) WHERE s.at <= n.rgt), 0)
            WHERE n.structure_id = ${structureId} AND n.rgt >= ${plan.shifts[0].at}`,
      );
    }
    if (plan.nodes.length === 0) return;
    const column = <T>(pick: (node: NodePlan['nodes'][number]) => T) =>
      sql.param(plan.nodes.map(pick));
    await this.db.execute(
      sql`INSERT INTO content_structure_nodes (element_id, structure_id, root_id, lft, rgt, level)
          SELECT element_id, ${structureId}::bigint, root_id, lft, rgt, level
          FROM unnest(${column((n) => n.elementId)}::bigint[], ${column((n) => n.rootId)}::bigint[],
            ${column((n) => n.lft)}::int[], ${column((n) => n.rgt)}::int[],
            ${column((n) => n.level)}::int[]) AS v(element_id, root_id, lft, rgt, level)`,
    );
  }

  /** Serialises placements in one structure until the transaction ends. */
  async lock(structureId: number): Promise<void> {
    await this.db.execute(
      sql`SELECT pg_advisory_xact_lock(${STRUCTURE_LOCK_CLASS}::int, ${structureId}::int)`,
    );
  }

  /** placeAt with the structure's lock held. */
  private async placeLocked(
    structure: StructureSpec,
    elementId: number,
    placement: StructurePlacement,
    problems: ProblemList,
  ): Promise<void> {
    const current = await this.position(elementId);
    const reference = await this.reference(structure, placement, problems);
    if (reference === undefined) return;
    // Before or after itself: where it already is.
    if ('siblingId' in placement && placement.siblingId === elementId && current !== undefined) {
      return;
    }
    const { parent } = reference;
    const anchor = reference.sibling ?? parent;
    if (
      current !== undefined &&
      anchor !== undefined &&
      anchor.lft >= current.lft &&
      anchor.rgt <= current.rgt
    ) {
      problems.add(`an element cannot be moved under itself or its descendants`);
      return;
    }
    const level = parent ? parent.level + 1 : 1;
    const depth = current ? await this.subtreeDepth(current) : 0;
    if (!this.fits(structure, level, depth, problems)) return;
    const structureId = structure.id;
    const width = current ? current.rgt - current.lft + 1 : 2;
    if (current !== undefined) await this.park(current);
    // Positions shifted when the subtree was parked: read the reference again.
    const at = await this.insertionPoint(structureId, placement);
    await this.db.execute(
      sql`UPDATE content_structure_nodes
          SET lft = CASE WHEN lft >= ${at} THEN lft + ${width} ELSE lft END,
              rgt = rgt + ${width}
          WHERE structure_id = ${structureId} AND rgt >= ${at}`,
    );
    const rootId = level === 1 ? elementId : (await this.position(parent!.elementId))!.rootId;
    if (current === undefined) {
      await this.db.execute(
        sql`INSERT INTO content_structure_nodes (element_id, structure_id, root_id, lft, rgt, level)
            VALUES (${elementId}, ${structureId}, ${rootId}, ${at}, ${at + 1}, ${level})`,
      );
      return;
    }
    const shift = at - current.lft;
    await this.db.execute(
      sql`UPDATE content_structure_nodes
          SET lft = -lft + ${shift}, rgt = -rgt + ${shift}, level = level + ${level - current.level},
              root_id = ${rootId}
          WHERE structure_id = ${structureId} AND lft < 0`,
    );
  }

  /** The parent (and sibling) a placement refers to; undefined after a problem. */
  private async reference(
    structure: StructureSpec,
    placement: StructurePlacement,
    problems: ProblemList,
  ): Promise<{ parent?: NodePosition; sibling?: NodePosition } | undefined> {
    const inStructure = async (id: number, role: string) => {
      const node = await this.position(id);
      if (node === undefined || node.structureId !== structure.id) {
        problems.add(`${role} ${id} is not in the same structure`);
        return undefined;
      }
      return node;
    };
    if ('siblingId' in placement) {
      const sibling = await inStructure(placement.siblingId, 'sibling');
      if (sibling === undefined) return undefined;
      const parentId = await this.parentOf(sibling.elementId);
      return { sibling, parent: parentId === null ? undefined : await this.position(parentId) };
    }
    if (placement.parentId === null) return {};
    const parent = await inStructure(placement.parentId, 'parent');
    return parent === undefined ? undefined : { parent };
  }

  /** Where the element's lft goes (positions read after the moving subtree was parked). */
  private async insertionPoint(
    structureId: number,
    placement: StructurePlacement,
  ): Promise<number> {
    if ('siblingId' in placement) {
      const sibling = (await this.position(placement.siblingId))!;
      return placement.position === 'before' ? sibling.lft : sibling.rgt + 1;
    }
    const parent =
      placement.parentId === null ? undefined : (await this.position(placement.parentId))!;
    if (placement.position === 'first') return parent ? parent.lft + 1 : 1;
    return parent ? parent.rgt : (await this.maxRgt(structureId)) + 1;
  }

  /** Parks a subtree at negative positions and closes the gap it leaves. */
  private async park(node: NodePosition): Promise<void> {
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

  /** The highest rgt of a structure (0 when empty): new top-level nodes go after it. */
  async maxRgt(structureId: number): Promise<number> {
    const [row] = await rawRows<{ top: number | null }>(
      this.db,
      sql`SELECT coalesce(max(rgt), 0) AS top FROM content_structure_nodes
          WHERE structure_id = ${structureId} AND rgt > 0`,
    );
    return Number(row.top);
  }
}
