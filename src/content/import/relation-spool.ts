import { StringDecoder } from 'node:string_decoder';
import type { Field } from '../model/content-model';
import type { PendingRelation } from './seed-relations';
import { SpoolFile } from './spool-file';

/** Relation values held in memory before they go to the spool file, and read back at a time. */
const CHUNK = 10_000;

/** A spooled relation value: at, field id, site id, source id, fresh, references (or `{odd}`). */
type Line = [string, number, number | null, number, boolean, unknown];

/** References that come back from JSON as they went in (anything else stays in memory). */
const jsonSafe = (references: unknown): boolean =>
  references === null ||
  typeof references === 'string' ||
  (Array.isArray(references) && references.every((r) => typeof r === 'string'));

/**
 * Pass two's relation values (seed-relations.ts), in the order the load wrote their sources,
 * held in memory up to CHUNK and beyond that appended to a file, so a load of any size holds
 * at most two chunks of them (docs/content-import.md, Large imports). References are written
 * as JSON, which also lets go of the parsed files: js-yaml's strings are slices of a file's
 * whole text.
 */
export class RelationSpool {
  private tail: PendingRelation[] = [];
  private readonly fields = new Map<number, Field>();
  /** References JSON would not give back as they are (a file's mistakes; rare). */
  private readonly odd: unknown[] = [];
  private file?: SpoolFile;
  private spooled = 0;

  constructor(private readonly chunk = CHUNK) {}

  /** Relation values written to the spool, whose source was written (others are dropped). */
  get count(): number {
    return this.spooled + this.tail.length;
  }

  push(relation: PendingRelation): void {
    if (relation.sourceId === undefined) return;
    this.tail.push(relation);
    if (this.tail.length >= this.chunk) this.spill();
  }

  /** The relation values in order, CHUNK at a time. */
  *chunks(): Generator<PendingRelation[]> {
    if (this.file !== undefined) {
      const decoder = new StringDecoder('utf8');
      const buffer = Buffer.alloc(1 << 20);
      let rest = '';
      let chunk: PendingRelation[] = [];
      for (let position = 0; position < this.file.size;) {
        const read = this.file.read(buffer, position);
        position += read;
        const lines = (rest + decoder.write(buffer.subarray(0, read))).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          chunk.push(this.parse(line));
          if (chunk.length >= this.chunk) {
            yield chunk;
            chunk = [];
          }
        }
      }
      if (chunk.length > 0) yield chunk;
    }
    if (this.tail.length > 0) yield this.tail;
  }

  /** Closes (and if still there, removes) the file. */
  close(): void {
    this.file?.close();
    this.file = undefined;
  }

  private spill(): void {
    this.file ??= new SpoolFile();
    const text = this.tail.map((relation) => JSON.stringify(this.line(relation))).join('\n') + '\n';
    this.file.append(Buffer.from(text, 'utf8'));
    this.spooled += this.tail.length;
    this.tail = [];
  }

  private line(relation: PendingRelation): Line {
    this.fields.set(relation.field.id, relation.field);
    const references = jsonSafe(relation.references)
      ? relation.references
      : { odd: this.odd.push(relation.references) - 1 };
    return [
      relation.at,
      relation.field.id,
      relation.siteId ?? null,
      relation.sourceId!,
      relation.fresh === true,
      references,
    ];
  }

  private parse(text: string): PendingRelation {
    const [at, fieldId, siteId, sourceId, fresh, references] = JSON.parse(text) as Line;
    return {
      at,
      field: this.fields.get(fieldId)!,
      siteId: siteId ?? undefined,
      sourceId,
      fresh,
      references:
        references !== null && typeof references === 'object' && !Array.isArray(references)
          ? this.odd[(references as { odd: number }).odd]
          : references,
    };
  }
}
