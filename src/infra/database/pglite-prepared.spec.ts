import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { DrizzleExecutor } from './database.types';
import { PglitePreparedStatements } from './pglite-prepared';
import { compileSql, preparedRunner } from './prepared-rows';
import { rawRows } from './raw-rows';

/*
 * preparedRunner on PGlite (the main-thread path; the worker runs the same class): the rows equal
 * those of Drizzle's raw query, the statement is prepared once, and it keeps PGlite's order with
 * transactions.
 */
describe('preparedRunner on PGlite', () => {
  let pglite: PGlite;
  let db: DrizzleExecutor;
  beforeAll(async () => {
    pglite = await PGlite.create();
    db = drizzle({ client: pglite }) as unknown as DrizzleExecutor;
    await pglite.exec(`CREATE TABLE t (id bigint, at timestamptz, doc jsonb, tags text[]);
      INSERT INTO t VALUES (1, '2024-01-02T03:04:05Z', '{"a": [1, "x"]}', '{p,q}'),
        (2, NULL, 'null', NULL), (3, '2025-06-07T08:09:10.5+02', '{}', '{}')`);
  });
  afterAll(() => pglite.close());

  const preparedRows = (query: SQL) => preparedRunner(db)!(compileSql(query));

  const rowsOf = (ids: number[], after: string) =>
    sql`SELECT id, at, doc, tags, at > ${after}::timestamptz AS later, ${'k'} || id AS label,
      ${1.5}::numeric AS n FROM t WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id`;
  const prepared = async () =>
    (await pglite.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows;

  it('answers the rows and types rawRows answers, from one prepared statement', async () => {
    const before = (await prepared()).length;
    for (const [ids, after] of [
      [[1, 2, 3], '2000-01-01T00:00:00Z'],
      [[3], '2025-01-01T00:00:00Z'],
      [[], '2000-01-01T00:00:00Z'],
    ] as const) {
      const query = rowsOf([...ids], after);
      expect(await preparedRows(query)).toEqual(await rawRows(db, query));
    }
    expect((await preparedRows(rowsOf([1], '2030-01-01')))[0]).toEqual({
      id: 1,
      at: '2024-01-02 03:04:05+00',
      doc: { a: [1, 'x'] },
      tags: ['p', 'q'],
      later: false,
      label: 'k1',
      n: '1.5',
    });
    expect((await prepared()).length).toBe(before + 1);
  });

  it('reads rows as arrays too, as PGlite.query does', async () => {
    const statements = new PglitePreparedStatements(pglite);
    const text = `SELECT id, at, doc, tags, array[id, 2]::bigint[] AS ids, 'é ✓' AS t FROM t ORDER BY id`;
    for (const rowMode of ['array', 'object'] as const) {
      const expected = await pglite.query(text, [], { rowMode });
      const actual = await statements.query(text, [], { rowMode });
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
    }
  });

  it('reads an answer larger than the chunks the engine hands over', async () => {
    const statements = new PglitePreparedStatements(pglite);
    const text = `SELECT g AS n, repeat('x', g % 300) AS pad FROM generate_series(1, $1::int) g`;
    const expected = await pglite.query(text, [20_000]);
    const actual = await statements.query(text, [20_000]);
    expect(actual.rows).toHaveLength(20_000);
    expect(actual.rows).toEqual(expected.rows);
  });

  it('a failing statement rejects with the database error and the next ones still answer', async () => {
    const divide = (by: number) => sql`SELECT 10 / ${by}::int AS q`;
    await expect(preparedRows(divide(0))).rejects.toThrow('division by zero');
    expect(await preparedRows(divide(5))).toEqual([{ q: 2 }]);
    await expect(preparedRows(sql`SELECT nope FROM t`)).rejects.toThrow(
      'column "nope" does not exist',
    );
    expect(await preparedRows(sql`SELECT count(*)::int AS c FROM t`)).toEqual([{ c: 3 }]);
  });

  it('waits for an open transaction instead of reading inside it', async () => {
    const count = sql`SELECT count(*)::int AS c FROM t WHERE id = 99`;
    let outside: Promise<unknown> | undefined;
    await pglite.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (99)');
      outside = preparedRows(count);
      await new Promise((resolve) => setImmediate(resolve));
      await tx.rollback();
    });
    expect(await outside).toEqual([{ c: 0 }]);
  });

  it('past its cap, runs statements unprepared', async () => {
    const statements = new PglitePreparedStatements(pglite, 1);
    const before = (await prepared()).length;
    expect((await statements.query('SELECT $1::int + 1 AS a', [1])).rows).toEqual([{ a: 2 }]);
    expect((await statements.query('SELECT $1::int + 2 AS b', [1])).rows).toEqual([{ b: 3 }]);
    expect((await statements.query('SELECT $1::int + 1 AS a', [5])).rows).toEqual([{ a: 6 }]);
    expect((await prepared()).length).toBe(before + 1);
  });
});
