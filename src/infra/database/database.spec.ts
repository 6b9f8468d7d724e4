import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { eq, is, sql } from 'drizzle-orm';
import { Database } from './database';
import type { DrizzleExecutor } from './database.types';
import { isForeignKeyViolation, isUniqueViolation } from './constraint-errors';
import { MIGRATIONS } from './migrations';
import { Migration } from './migrations/migration';
import { MigrationError, runMigrations } from './migrations/migration-runner';
import { freshPostgresDatabase } from './postgres.fixtures';
import { rawRows } from './raw-rows';
import * as schema from './schema';

// One fresh PostgreSQL database for the whole file.
let db: DrizzleExecutor;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await freshPostgresDatabase());
  await runMigrations(db, MIGRATIONS);
});
afterAll(async () => {
  await drop();
});

const tables = [
  schema.orgs,
  schema.users,
  schema.orgUsers,
  schema.serviceAccountTokens,
  schema.teams,
  schema.teamMembers,
  schema.teamPreferences,
  schema.teamGroups,
  schema.contentModelItems,
  schema.contentElements,
  schema.contentElementSites,
  schema.contentEntryAuthors,
  schema.contentAssetFolders,
  schema.contentAssets,
  schema.contentRelations,
  schema.contentStructureNodes,
  schema.contentUserGroupMembers,
  schema.graphqlTokens,
  schema.installationSecrets,
];

it('lists every table of the schema', () => {
  const declared = Object.values(schema).filter((value) => is(value, PgTable));
  expect(declared).toHaveLength(tables.length);
});

describe('migrations', () => {
  it('create exactly the tables, columns and constraints of the Drizzle schema', async () => {
    const columns = await rawRows<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>(
      db,
      sql`select table_name, column_name, data_type, is_nullable from information_schema.columns
          where table_schema = 'public' and table_name <> 'schema_migrations'`,
    );
    const actual = columns
      .map((c) => `${c.table_name}.${c.column_name} ${c.data_type} ${c.is_nullable}`)
      .sort();
    const expected = tables
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns.map((column) => {
          const type = column.getSQLType().replace(/^bigserial$/, 'bigint');
          return `${config.name}.${column.name} ${type} ${column.notNull ? 'NO' : 'YES'}`;
        });
      })
      .sort();
    expect(actual).toEqual(expected);

    const constraints = await rawRows<{ conname: string }>(
      db,
      sql`select conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where n.nspname = 'public' and contype in ('u', 'p', 'c')
            and conrelid::regclass::text <> 'schema_migrations'`,
    );
    const indexes = await rawRows<{ indexname: string }>(
      db,
      sql`select indexname from pg_indexes where schemaname = 'public'
            and tablename <> 'schema_migrations'`,
    );
    const expectedConstraints = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return [
        ...config.uniqueConstraints.map((u) => u.name),
        ...config.primaryKeys.map((p) => p.getName()),
        ...config.checks.map((c) => c.name),
      ];
    });
    // Single-column primary keys are declared on the column: PostgreSQL names them <table>_pkey.
    const columnPrimaryKeys = tables
      .filter((table) => getTableConfig(table).columns.some((c) => c.primary))
      .map((table) => `${getTableConfig(table).name}_pkey`);
    expect(constraints.map((c) => c.conname).sort()).toEqual(
      [...expectedConstraints, ...columnPrimaryKeys].sort(),
    );
    const declaredIndexes = tables.flatMap((table) =>
      getTableConfig(table).indexes.map((i) => i.config.name),
    );
    // Every constraint that is not a check is backed by an index of the same name.
    const backing = constraints.map((c) => c.conname).filter((name) => !name.endsWith('_check'));
    expect(indexes.map((i) => i.indexname).sort()).toEqual([...declaredIndexes, ...backing].sort());

    const foreignKeys = await rawRows<{ source: string; target: string }>(
      db,
      sql`select conrelid::regclass::text || '.' || a.attname as source,
                 confrelid::regclass::text as target
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f'`,
    );
    const expectedForeignKeys = tables.flatMap((table) =>
      getTableConfig(table).foreignKeys.map((fk) => {
        const reference = fk.reference();
        return {
          source: `${getTableConfig(table).name}.${reference.columns[0].name}`,
          target: getTableConfig(reference.foreignTable).name,
        };
      }),
    );
    const order = (list: { source: string; target: string }[]) =>
      list.map((fk) => `${fk.source}->${fk.target}`).sort();
    expect(order(foreignKeys)).toEqual(order(expectedForeignKeys));
  });

  it('create org 1 and continue its sequence after it', async () => {
    expect(await db.select().from(schema.orgs)).toEqual([
      expect.objectContaining({ id: 1, name: 'Main Org.' }),
    ]);
    const [created] = await db.insert(schema.orgs).values({ name: 'Second' }).returning();
    expect(created.id).toBe(2);
    await db.delete(schema.orgs).where(eq(schema.orgs.id, 2));
  });

  it('are recorded and not applied twice', async () => {
    expect(await runMigrations(db, MIGRATIONS)).toEqual({ applied: [], unknown: [] });
  });

  it('roll back every pending migration when one fails, and say which', async () => {
    const good: Migration = {
      id: '9001',
      name: 'good',
      statements: ['CREATE TABLE t_good (a int)'],
    };
    const bad: Migration = {
      id: '9002',
      name: 'bad',
      statements: ['CREATE TABLE t_bad (a int)', 'ALTER TABLE t_missing ADD COLUMN b int'],
    };
    await expect(runMigrations(db, [...MIGRATIONS, good, bad])).rejects.toThrow(
      new MigrationError('migration 9002_bad failed: relation "t_missing" does not exist'),
    );
    const leftovers = await rawRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_name in ('t_good', 't_bad')`,
    );
    expect(leftovers).toEqual([]);
    expect(await runMigrations(db, MIGRATIONS)).toEqual({ applied: [], unknown: [] });
  });

  it('refuse to boot when an applied migration was edited, and report unknown ones', async () => {
    const first: Migration = { id: '9101', name: 'edit_me', statements: ['SELECT 1'] };
    expect(await runMigrations(db, [...MIGRATIONS, first])).toEqual({
      applied: ['9101_edit_me'],
      unknown: [],
    });
    expect((await runMigrations(db, MIGRATIONS)).unknown).toEqual(['9101']);
    await expect(
      runMigrations(db, [...MIGRATIONS, { ...first, statements: ['SELECT 2'] }]),
    ).rejects.toThrow('migration 9101_edit_me was changed after it was applied');
  });
});

describe('Database', () => {
  const database = () => new Database(db);

  it('commits the work of every repository call inside a transaction together', async () => {
    const handle = database();
    await handle.transaction(async () => {
      await handle.executor.insert(schema.orgs).values({ name: 'tx-a' });
      // A nested transaction joins the outer one.
      await handle.transaction(() => handle.executor.insert(schema.orgs).values({ name: 'tx-b' }));
    });
    const names = (await db.select().from(schema.orgs)).map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['tx-a', 'tx-b']));
  });

  it('leaves nothing behind when the work fails', async () => {
    const handle = database();
    await expect(
      handle.transaction(async () => {
        await handle.executor.insert(schema.orgs).values({ name: 'tx-c' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const names = (await db.select().from(schema.orgs)).map((o) => o.name);
    expect(names).not.toContain('tx-c');
    // Outside a transaction the executor is the database itself.
    expect(handle.executor).toBe(db);
  });

  it('runs end hooks after the outermost transaction: commit hooks on commit, rollback hooks on failure', async () => {
    const handle = database();
    const events: string[] = [];
    const hooks = (name: string) => ({
      committed: async () => {
        // After the commit: outside the transaction, the row is visible to everyone.
        expect(handle.executor).toBe(db);
        const rows = await db.select().from(schema.orgs).where(eq(schema.orgs.name, name));
        events.push(`${name} committed (${rows.length} row)`);
      },
      rolledBack: () => Promise.resolve(void events.push(`${name} rolled back`)),
    });
    await handle.transaction(async () => {
      await handle.executor.insert(schema.orgs).values({ name: 'hook-a' });
      handle.afterTransaction(hooks('hook-a'));
      await handle.transaction(async () => {
        handle.afterTransaction(hooks('hook-b'));
        // A nested transaction's hooks wait for the outer one.
        await Promise.resolve();
      });
      expect(events).toEqual([]);
    });
    expect(events).toEqual(['hook-a committed (1 row)', 'hook-b committed (0 row)']);

    events.length = 0;
    await expect(
      handle.transaction(async () => {
        await handle.executor.insert(schema.orgs).values({ name: 'hook-c' });
        handle.afterTransaction(hooks('hook-c'));
        handle.afterTransaction({ rolledBack: () => Promise.reject(new Error('hook failed')) });
        handle.afterTransaction(hooks('hook-d'));
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    // A failing rollback hook neither stops the others nor replaces the transaction's error.
    expect(events).toEqual(['hook-c rolled back', 'hook-d rolled back']);

    expect(() => handle.afterTransaction(hooks('outside'))).toThrow(
      'afterTransaction() needs an open transaction',
    );
  });

  it('runs every commit hook and then throws the first failure, the writes standing', async () => {
    const handle = database();
    const ran: string[] = [];
    await expect(
      handle.transaction(async () => {
        await handle.executor.insert(schema.orgs).values({ name: 'hook-e' });
        handle.afterTransaction({ committed: () => Promise.reject(new Error('first')) });
        handle.afterTransaction({ committed: () => Promise.reject(new Error('second')) });
        handle.afterTransaction({ committed: () => Promise.resolve(void ran.push('third')) });
      }),
    ).rejects.toThrow('first');
    expect(ran).toEqual(['third']);
    const rows = await db.select().from(schema.orgs).where(eq(schema.orgs.name, 'hook-e'));
    expect(rows).toHaveLength(1);
  });

  it('classifies unique and foreign key violations through the Drizzle wrapper', async () => {
    let unique: unknown;
    await db
      .insert(schema.orgs)
      .values({ name: 'Main Org.' })
      .catch((error: unknown) => (unique = error));
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isUniqueViolation(unique, 'orgs_name_key')).toBe(true);
    expect(isUniqueViolation(unique, 'other')).toBe(false);
    let foreign: unknown;
    await db
      .insert(schema.teams)
      .values({ uid: 'x', orgId: 999, name: 'n' })
      .catch((error: unknown) => (foreign = error));
    expect(isForeignKeyViolation(foreign)).toBe(true);
    expect(isUniqueViolation(foreign)).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
  });
});
