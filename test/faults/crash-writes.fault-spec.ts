import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eventually } from '../support/eventually';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database';
import { PROJECT_ROOT, type ServiceProcess, startService } from '../support/service-process';

/*
 * `kill -9` in the middle of writes, on PGlite and on PostgreSQL. Teams creates (a team and its
 * creator's membership, one transaction each) run from four callers when the service is killed;
 * a content import (one transaction) is killed while its transaction is open. After a restart on
 * the same data the service must open it (taking over PGlite's lock with a log line), every write
 * the service answered must be there, no write may be half applied, and the admin goes on.
 */

const PASSWORD = 'crash-secret';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const DIST = join(PROJECT_ROOT, dirname(process.env.SERVICE_MAIN ?? join('dist', 'main.js')));
const IMPORT = join(DIST, 'content', 'cli', 'content-import.js');
const EXPORT = join(DIST, 'content', 'cli', 'content-export.js');

interface Storage {
  readonly env: Record<string, string>;
  /** Resolves once the import (started at `since`) is writing: the middle of its transaction. */
  importWriting(since: number): Promise<void>;
  dispose(): Promise<void>;
}

function pgliteStorage(): Storage {
  const dir = mkdtempSync(join(tmpdir(), 'crash-writes-'));
  // PGlite cannot be asked from outside: the import's first write-ahead log records are the
  // sign that its transaction is writing (reading and checking the files writes nothing).
  const walWritten = (since: number) => {
    const wal = join(dir, 'pglite', 'pg_wal');
    return readdirSync(wal).some((file) => statSync(join(wal, file)).mtimeMs > since);
  };
  return {
    env: { DATA_DIR: dir },
    importWriting: async (since) => {
      await eventually(
        'the import writing its WAL',
        () => walWritten(since) || undefined,
        60_000,
        5,
      );
    },
    dispose: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

async function postgresStorage(): Promise<Storage> {
  const database: PostgresDatabase = await createPostgresDatabase('crash');
  return {
    env: { DATABASE_URL: database.url },
    // The import writes everything in one transaction: an open transaction that has written
    // rows (it holds a transaction id) is the middle of it.
    importWriting: async () => {
      await eventually(
        'the import transaction writing',
        async () => {
          const open = await database.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = '${database.name}' ` +
              `AND backend_xid IS NOT NULL`,
          );
          return Number(open[0].n) > 0 ? true : undefined;
        },
        60_000,
        5,
      );
    },
    dispose: () => database.drop(),
  };
}

const SERVICE_ENV = { MODULES: 'teams,content', ADMIN_USER: 'admin', ADMIN_PASSWORD: PASSWORD };

interface Team {
  name: string;
  memberCount: number;
}

async function teams(service: ServiceProcess): Promise<Team[]> {
  const response = await fetch(`${service.httpUrl}/api/teams/search?perpage=5000`, {
    headers: { authorization: AUTH },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { teams: Team[] }).teams;
}

async function createTeam(service: ServiceProcess, name: string): Promise<number> {
  const response = await fetch(`${service.httpUrl}/api/teams`, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer();
  return response.status;
}

function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, CONTENT_PROJECT_DIR: 'config/content/project', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, output })),
  );
  return { child, done };
}

/** The counts per kind the export command prints (`entries 16`). */
async function exportedCounts(env: Record<string, string>): Promise<Record<string, number>> {
  const target = mkdtempSync(join(tmpdir(), 'crash-export-'));
  try {
    const { code, output } = await runCommand(EXPORT, [join(target, 'out')], env).done;
    expect({ code, output }).toMatchObject({ code: 0 });
    const counts: Record<string, number> = {};
    for (const match of output.matchAll(/^\s*([a-z ]+?)\s+(\d+)$/gm)) {
      counts[match[1]] = Number(match[2]);
    }
    return counts;
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
}

describe.each([
  ['PGlite', () => Promise.resolve(pgliteStorage())],
  ['PostgreSQL', postgresStorage],
])('kill -9 during writes on %s', (name, makeStorage) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await makeStorage();
  });
  afterAll(() => storage?.dispose());

  it('Teams creates: answered ones survive, none half applied, the admin goes on', async () => {
    const env = { ...SERVICE_ENV, ...storage.env };
    const first = await startService(env);
    const answered: string[] = [];
    let running = true;
    let next = 0;
    const callers = Array.from({ length: 4 }, async () => {
      while (running) {
        const team = `crash-${next++}`;
        const status = await createTeam(first, team).catch(() => 0);
        if (status === 200) answered.push(team);
      }
    });
    try {
      await eventually('50 teams created', () => answered.length >= 50 || undefined, 60_000);
      await first.stop('SIGKILL');
    } finally {
      running = false;
      await Promise.all(callers);
      await first.stop('SIGKILL');
    }
    const killedAfter = [...answered];

    const second = await startService(env);
    try {
      if (name === 'PGlite') {
        expect(second.output()).toMatch(
          /took over the PGlite lock of process \d+, which ended without closing/,
        );
      }
      const found = await teams(second);
      const names = new Set(found.map((team) => team.name));
      expect(killedAfter.filter((team) => !names.has(team))).toEqual([]);
      // A team and its creator's membership commit together or not at all.
      expect(found.filter((team) => team.memberCount !== 1)).toEqual([]);
      expect(await createTeam(second, 'after-the-crash')).toBe(200);
      console.log(
        `${name}: ${killedAfter.length} creates answered before kill -9, ` +
          `${found.length} teams after the restart`,
      );
    } finally {
      await second.stop();
    }
  });

  it('a content import killed in its transaction leaves nothing half imported', async () => {
    const env = { ...storage.env, ADMIN_PASSWORD: PASSWORD };
    const before = await exportedCounts(env);
    const started = Date.now();
    const { child, done } = runCommand(IMPORT, ['config/content/seed'], env);
    await storage.importWriting(started);
    expect(child.exitCode).toBeNull();
    child.kill('SIGKILL');
    await done;

    const after = await exportedCounts(env);
    const finished = await runCommand(IMPORT, ['config/content/seed'], env).done;
    expect(finished.code).toBe(0);
    const complete = await exportedCounts(env);
    // Either nothing of the killed import is there, or all of it.
    expect([before, complete]).toContainEqual(after);
    expect(complete.entries).toBe(16);
  });
});
