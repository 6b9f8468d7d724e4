import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import type { DrizzleExecutor } from './database.types';
import { freshPostgresDatabase } from './postgres.fixtures';
import { compileSql, preparedRunner } from './prepared-rows';
import { rawRows } from './raw-rows';

describe('preparedRunner on PostgreSQL', () => {
  let world: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  /** One connection: the statements it prepared are visible to its next query. */
  let single: Pool;
  let db: DrizzleExecutor;
  beforeAll(async () => {
    world = await freshPostgresDatabase();
    single = new Pool({ connectionString: world.pool.options.connectionString, max: 1 });
    db = drizzle({ client: single }) as unknown as DrizzleExecutor;
  });
  const preparedRows = (query: SQL) => preparedRunner(db)!(compileSql(query));
  afterAll(async () => {
    await single.end();
    await world.drop();
  });

  const numbers = (n: number) =>
    sql`SELECT g AS n, ${'x'}::text || g AS label, ${new Date(0)}::timestamptz < now() AS later FROM generate_series(1, ${n}::int) g`;
  const prepared = async () =>
    (
      await single.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time',
      )
    ).rows;

  it('answers the rows rawRows answers, from a statement the connection prepared once', async () => {
    expect(await preparedRows(numbers(3))).toEqual(await rawRows(db, numbers(3)));
    expect(await preparedRows(numbers(2))).toEqual([
      { n: 1, label: 'x1', later: true },
      { n: 2, label: 'x2', later: true },
    ]);
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0].name).toMatch(/^content_[\w-]{27}$/);
    expect(statements[0].statement).toContain('generate_series');
  });

  it('plans a statement with its values each run when asked: nothing is prepared for it', async () => {
    const query = sql`SELECT g AS n FROM generate_series(1, ${2}::int) g WHERE g > ${0}::int`;
    const before = await prepared();
    const rows = await preparedRunner(db)!({ ...compileSql(query), planEachRun: true });
    expect(rows).toEqual(await rawRows(db, query));
    expect(await prepared()).toEqual(before);
  });

  it('has no runner for a transaction: its executor is not the pool', async () => {
    await db.transaction(async (tx) => {
      expect(preparedRunner(tx)).toBeUndefined();
      expect(await rawRows(tx, sql`SELECT 41 + 1 AS answer`)).toEqual([{ answer: 42 }]);
    });
  });
});
