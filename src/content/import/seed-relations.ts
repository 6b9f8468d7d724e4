import type { Field } from '../model/content-model';
import type { ElementKind } from '../model/element-kinds';
import { relationTargetKind } from '../model/field-types';
import type { ElementWriter } from '../store/write/element-writer';
import type { RelationValues } from '../store/write/relation-batch';
import { ElementWriteError } from '../store/write/write-error';
import { SeedReferenceError, type SeedReferences } from './seed-references';

/** Relation values wait for the second pass, when every element of the load exists. */
export interface PendingRelation {
  readonly at: string;
  readonly field: Field;
  readonly references: unknown;
  readonly siteId?: number;
  /** The source's id, known once the element (or its block) is written. */
  sourceId?: number;
  /**
   * The source was created by this load and this is its first value for the field: it has no
   * relation rows to replace (pass two skips their DELETE).
   */
  fresh?: boolean;
}

/** Pass two's relation values in load order, a chunk at a time (relation-spool.ts). */
export interface PendingRelations {
  readonly count: number;
  chunks(): Iterable<readonly PendingRelation[]>;
}

/**
 * Elements pass two remembers between chunks: beyond that the remembered references are
 * dropped and the next chunk's looked up again, so the pass holds a bounded share of them.
 */
const REMEMBERED = 50_000;

/** Relation values written per statement pair in pass two. */
const RELATION_BATCH = 500;

/**
 * Pass two of a load (seed-run.ts) in batches: references resolved (each element looked up once
 * per load, see SeedReferences), then up to RELATION_BATCH values written together. A batch ends
 * early where a source's field repeats, so later values replace earlier ones as one by one did.
 * Problems are collected like pass one's, each prefixed with its item.
 */
export class SeedRelationPass {
  constructor(
    private readonly writer: ElementWriter,
    private readonly references: SeedReferences,
    private readonly problems: string[],
    private readonly item: (at: string, work: () => Promise<unknown>) => Promise<void>,
  ) {}

  async run(
    pending: PendingRelations,
    linked: (step: Promise<void>, replaced?: boolean) => Promise<void>,
  ): Promise<void> {
    let batch: { at: string; values: RelationValues }[] = [];
    let pairs = new Set<string>();
    const flush = async () => {
      const results = await this.writer.saveRelationBatch(batch.map((b) => b.values));
      results.forEach((problems, index) =>
        this.problems.push(...problems.map((problem) => `${batch[index].at}: ${problem}`)),
      );
      // Only replaced rows (a DELETE) ask for fresh statistics of the relations: the look-ups
      // of this pass read elements and site rows, which it does not write.
      for (const { values } of batch) await linked(Promise.resolve(), values.fresh !== true);
      batch = [];
      pairs = new Set();
    };
    for (const relations of pending.chunks()) {
      this.references.forgetBeyond(REMEMBERED);
      await this.prefetch(relations);
      for (const relation of relations) {
        const pair = `${relation.sourceId} ${relation.field.id}`;
        if (pairs.has(pair) || batch.length >= RELATION_BATCH) await flush();
        const resolved = await this.targets(relation).then(
          (ids) => ({ ids }),
          (error: unknown) => ({ error: error as Error }),
        );
        if ('error' in resolved) {
          // The batch's problems first, so they are listed in item order as before batching.
          if (batch.length > 0) await flush();
          await this.item(relation.at, () => {
            throw resolved.error;
          });
          await linked(Promise.resolve());
          continue;
        }
        const targetIds = resolved.ids;
        pairs.add(pair);
        batch.push({
          at: relation.at,
          values: {
            sourceId: relation.sourceId!,
            fieldId: relation.field.id,
            targetIds,
            siteId: relation.siteId,
            fresh: relation.fresh,
          },
        });
      }
    }
    if (batch.length > 0) await flush();
  }

  /** Every natural key the relations name, looked up in bulk before they are resolved one by one. */
  private async prefetch(relations: readonly PendingRelation[]): Promise<void> {
    const byKind = new Map<ElementKind, Set<string>>();
    for (const { field, references } of relations) {
      const kind = relationTargetKind(field.type)!;
      const list = Array.isArray(references) ? references : [references];
      const set = byKind.get(kind) ?? new Set<string>();
      for (const reference of list) if (typeof reference === 'string') set.add(reference);
      byKind.set(kind, set);
    }
    for (const [kind, references] of byKind) await this.references.prefetch(kind, references);
  }

  /** A relation value's references as element ids. */
  private async targets(relation: PendingRelation): Promise<number[]> {
    const { field, references } = relation;
    const list = references === null ? [] : Array.isArray(references) ? references : [references];
    const kind = relationTargetKind(field.type)!;
    const ids: number[] = [];
    const problems: string[] = [];
    for (const reference of list) {
      if (typeof reference !== 'string') {
        problems.push(
          `field "${field.handle}": expected references such as "news/my-slug", got ${JSON.stringify(reference)}`,
        );
        continue;
      }
      try {
        ids.push(await this.references.resolve(kind, reference));
      } catch (error) {
        if (!(error instanceof SeedReferenceError)) throw error;
        problems.push(`field "${field.handle}": ${error.message}`);
      }
    }
    if (problems.length > 0) throw new ElementWriteError(problems);
    return ids;
  }
}
