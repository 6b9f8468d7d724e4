import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS } from '../../src/infra/database/migrations';
import { freePort } from '../support/free-port';
import { GrafanaApi } from '../support/grafana-api';
import { createPostgresDatabase, PostgresDatabase } from '../support/postgres-database';
import { runServiceToExit, startService } from '../support/service-process';

/** Boots that must fail exit by themselves; free ports keep a wrong success from colliding. */
async function bootExpectingFailure(env: Record<string, string>) {
  return runServiceToExit({
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: String(await freePort()),
    DEBUG_HOST: '127.0.0.1',
    DEBUG_PORT: String(await freePort()),
    ...env,
  });
}

describe('database lifecycle', () => {
  describe('embedded PGlite', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'teams-pglite-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('creates the admin with a generated password once, and keeps data across restarts', async () => {
      const first = await startService({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
      let password: string;
      let teamId: number;
      try {
        const match = /generated password (\S+) \(shown once/.exec(first.output());
        expect(match).not.toBeNull();
        password = match![1];
        const api = new GrafanaApi(first.httpUrl, { basic: ['admin', password] });
        const created = await api.post<{ teamId: number }>('/api/teams', { name: 'Survivor' });
        expect(created.status).toBe(200);
        teamId = created.body.teamId;
        // A second process on the same data directory is refused while the first runs.
        const second = await bootExpectingFailure({ DATA_DIR: dataDir });
        expect(second.code).not.toBe(0);
        expect(second.output).toContain('PGlite serves one process only');
      } finally {
        await first.stop();
      }
      // The database was closed on SIGTERM: its lock is released.
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

      const again = await startService({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'ignored',
      });
      try {
        expect(again.output()).not.toContain('generated password');
        const api = new GrafanaApi(again.httpUrl, { basic: ['admin', password] });
        expect((await api.get(`/api/teams/${teamId}`)).body).toMatchObject({ name: 'Survivor' });
        expect(
          (await api.as({ basic: ['admin', 'ignored'] }).get('/api/teams/search')).status,
        ).toBe(401);
      } finally {
        await again.stop();
      }
    });
  });

  describe('PostgreSQL', () => {
    let database: PostgresDatabase;
    beforeEach(async () => {
      database = await createPostgresDatabase('teams_boot');
    });
    afterEach(async () => {
      await database.drop();
    });

    it('stops the boot with the reason when a migration fails, leaving nothing behind', async () => {
      // A table in the way of the first migration.
      await database.query('CREATE TABLE teams (conflict int)');
      const boot = await bootExpectingFailure({ DATABASE_URL: database.url });
      expect(boot.code).not.toBe(0);
      expect(boot.output).toContain(
        'migration 0001_identity_and_teams failed: relation "teams" already exists',
      );
      const tables = await database.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.map((t) => t.table_name)).toEqual(['teams']);
    });

    it('boots several instances at once against one database', async () => {
      const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: 'pw', LOG_LEVEL: 'warn' };
      const [a, b] = await Promise.all([startService(env), startService(env)]);
      try {
        for (const service of [a, b]) {
          const api = new GrafanaApi(service.httpUrl, { basic: ['admin', 'pw'] });
          expect((await api.get('/api/users/search')).body).toMatchObject({ totalCount: 1 });
        }
        const rows = await database.query<{ id: string }>('select id from schema_migrations');
        // Each migration applied exactly once, though the instances booted together.
        expect(rows.map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id));
        // Both see the same data.
        const created = await new GrafanaApi(a.httpUrl, { basic: ['admin', 'pw'] }).post<{
          teamId: number;
        }>('/api/teams', { name: 'Shared' });
        const seen = await new GrafanaApi(b.httpUrl, { basic: ['admin', 'pw'] }).get(
          `/api/teams/${created.body.teamId}`,
        );
        expect(seen.body).toMatchObject({ name: 'Shared' });
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });

    it('stops the boot when PostgreSQL cannot be reached, without printing the password', async () => {
      const boot = await bootExpectingFailure({
        DATABASE_URL: `postgres://postgres:s3cret@127.0.0.1:${await freePort()}/nowhere`,
      });
      expect(boot.code).not.toBe(0);
      expect(boot.output).toContain(
        'cannot connect to PostgreSQL at postgres://postgres:***@127.0.0.1',
      );
      expect(boot.output).not.toContain('s3cret');
    });

    it('rejects a DATABASE_URL that is not PostgreSQL', async () => {
      const boot = await bootExpectingFailure({ DATABASE_URL: 'mysql://db/app' });
      expect(boot.code).toBe(1);
      expect(boot.output).toContain('DATABASE_URL="mysql://db/app": allowed values: a postgres://');
    });
  });
});
