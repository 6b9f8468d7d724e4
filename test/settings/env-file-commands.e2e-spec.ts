import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/service-process';

/**
 * The package's commands that read the service's settings read a `.env` file in their working
 * directory as `npm start` does (the same SettingsModule), and a variable of the real environment
 * wins over the file. Each runs built, as an operator runs it, in a directory holding only `.env`.
 */

jest.setTimeout(180_000);

const DIST = join(PROJECT_ROOT, process.env.SERVICE_DIST ?? 'dist');
const BINS = {
  'content-import': 'content/cli/content-import.js',
  'content-export': 'content/cli/content-export.js',
  'content-tokens': 'content/admin/cli/content-tokens.js',
  'content-persisted-queries': 'content/cli/content-persisted-queries.js',
  'reset-admin-password': 'identity/cli/reset-admin-password.js',
} as const;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let cwd: string;

function run(
  bin: keyof typeof BINS,
  args: readonly string[],
  env: Record<string, string> = {},
  stdin = '',
): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(DIST, BINS[bin]), ...args],
      { cwd, env: { PATH: process.env.PATH, ...env }, timeout: 120_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'env-file-commands-'));
  writeFileSync(
    join(cwd, '.env'),
    [
      '# what an operator keeps beside the service',
      `DATA_DIR=${join(cwd, 'data-from-file')}`,
      `CONTENT_PROJECT_DIR=${join(PROJECT_ROOT, 'config/content/project')}`,
      'ADMIN_PASSWORD=from-the-file',
      `GRAPHQL_PERSISTED_QUERIES_DIR=${join(cwd, 'allow-list')}`,
      'LOG_LEVEL=warn',
      '',
    ].join('\n'),
  );
});

afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('commands with a .env file in the working directory', () => {
  it('content-import writes into the database the file names', async () => {
    const result = await run('content-import', [
      '-quiet',
      join(PROJECT_ROOT, 'config/content/seed'),
    ]);
    expect(result).toMatchObject({ code: 0 });
    expect(existsSync(join(cwd, 'data-from-file', 'pglite'))).toBe(true);
  });

  it('content-export reads that database', async () => {
    const result = await run('content-export', ['-quiet', join(cwd, 'export')]);
    expect(result).toMatchObject({ code: 0 });
    expect(readdirSync(join(cwd, 'export'))).toContain('60-entries-news.yaml');
  });

  it('content-tokens creates a token there; the environment wins over the file', async () => {
    const created = await run('content-tokens', ['create', '-schema', 'partner', 'From dotenv']);
    expect(created).toMatchObject({ code: 0 });
    expect((await run('content-tokens', ['list'])).stdout).toContain('From dotenv');

    const elsewhere = { DATA_DIR: join(cwd, 'data-from-env') };
    const list = await run('content-tokens', ['list'], elsewhere);
    expect(list).toMatchObject({ code: 0 });
    expect(list.stdout).not.toContain('From dotenv');
    expect(existsSync(join(cwd, 'data-from-env', 'pglite'))).toBe(true);
  });

  it('reset-admin-password resets the admin the file made', async () => {
    const result = await run('reset-admin-password', ['a-new-password']);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout + result.stderr).toContain('admin');
  });

  it('content-persisted-queries edits the allow-list directory the file names', async () => {
    const result = await run('content-persisted-queries', ['add'], {}, 'query Ping { ping }');
    expect(result).toMatchObject({ code: 0, stderr: 'added Ping.graphql (Ping)\n' });
    expect(readdirSync(join(cwd, 'allow-list'))).toEqual(['Ping.graphql']);
  });

  it('an invalid value in the file stops a command, naming the variable', async () => {
    writeFileSync(join(cwd, '.env'), 'BACKEND_TYPE=mongo\n', { flag: 'a' });
    const refused = await run('content-tokens', ['list']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('BACKEND_TYPE="mongo"');
  });
});
