import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Field } from '../model/content-model';
import { RelationSpool } from './relation-spool';
import type { PendingRelation } from './seed-relations';

const fields = [1, 2, 3].map(
  (id) => ({ id, handle: `f${id}`, type: 'entries' }) as unknown as Field,
);

const relation = (n: number, references: unknown, more: Partial<PendingRelation> = {}) => ({
  at: `news.yaml: entries[${n}] "ünïcode"\n`,
  field: fields[n % 3],
  references,
  sourceId: 1000 + n,
  fresh: n % 2 === 0,
  ...more,
});

const spoolFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith('content-import-'));

describe('RelationSpool', () => {
  it('gives back every relation value in order, spooled and held alike', () => {
    const before = spoolFiles().length;
    const spool = new RelationSpool(4);
    const given = Array.from({ length: 11 }, (_, n) =>
      relation(n, n % 4 === 0 ? null : [`news/slug-${n}`, 'topics/ai']),
    );
    given.push(relation(11, 'news/one', { siteId: 2 }));
    for (const one of given) spool.push(one);
    expect(spool.count).toBe(12);
    const chunks = [...spool.chunks()];
    expect(chunks.map((chunk) => chunk.length)).toEqual([4, 4, 4]);
    const back = chunks.flat();
    expect(back.map((r) => ({ ...r, field: r.field.id }))).toEqual(
      given.map((r) => ({ ...r, field: r.field.id, siteId: r.siteId })),
    );
    back.forEach((r, n) => expect(r.field).toBe(given[n].field));
    // Nothing on disk to leave behind, even while it is open.
    expect(spoolFiles().length).toBe(before);
    spool.close();
  });

  it('keeps references JSON would change as they are, and drops values without a source', () => {
    const spool = new RelationSpool(2);
    const date = new Date(0);
    spool.push(relation(0, [date, 'news/a']));
    spool.push(relation(1, 42));
    spool.push(relation(2, ['news/b'], { sourceId: undefined }));
    spool.push(relation(3, { slug: 'x' }));
    expect(spool.count).toBe(3);
    const back = [...spool.chunks()].flat();
    expect(back.map((r) => r.references)).toEqual([[date, 'news/a'], 42, { slug: 'x' }]);
    expect((back[0].references as unknown[])[0]).toBe(date);
    spool.close();
  });

  it('reads nothing when nothing was pushed', () => {
    const spool = new RelationSpool();
    expect([...spool.chunks()]).toEqual([]);
    spool.close();
  });
});
