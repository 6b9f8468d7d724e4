import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';

/**
 * `reset-admin-password` against the embedded PGlite of a real service's data directory: refused
 * while the service holds it, then resets the password offline, and the service started again
 * accepts the new password and refuses the old one.
 */

jest.setTimeout(120_000);

const SCRIPT = join(
  PROJECT_ROOT,
  process.env.SERVICE_DIST ?? 'dist',
  'identity',
  'cli',
  'reset-admin-password.js',
);

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let dataDir: string;
let service: ServiceProcess | undefined;

function reset(args: readonly string[], env: Record<string, string> = {}, stdin?: string) {
  return new Promise<Run>((resolve) => {
    const child = execFile(
      process.execPath,
      [SCRIPT, ...args],
      { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env } },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
    else child.stdin?.end();
  });
}

async function signInStatus(password: string, login = 'admin'): Promise<number> {
  const answer = await fetch(`${service!.httpUrl}/api/teams/search`, {
    headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
  });
  return answer.status;
}

const start = () =>
  startService({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'first-password', LOG_LEVEL: 'warn' });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'reset-admin-'));
  service = await start();
});

afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const STACK_FRAME = /^\s+at .+:\d+/m;

describe('reset-admin-password', () => {
  it('is refused while the service holds the embedded database, naming the reason', async () => {
    expect(await signInStatus('first-password')).toBe(200);
    const run = await reset(['new-password']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is open in process \d+, most likely the running service/);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    await service!.stop();
    service = undefined;
  });

  it('answers a bad command line with the usage (exit 2)', async () => {
    const run = await reset(['-nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: reset-admin-password');
    const both = await reset(['-password-from-stdin', 'x1234']);
    expect(both.code).toBe(2);
  });

  it('refuses a short password, an unknown user and a missing database', async () => {
    const short = await reset(['abc']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('too short');
    const unknown = await reset(['-user', 'nobody', 'long-enough']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user "nobody"');
    const empty = mkdtempSync(join(tmpdir(), 'reset-admin-empty-'));
    const missing = await reset(['long-enough'], { DATA_DIR: empty });
    rmSync(empty, { recursive: true, force: true });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no database in DATA_DIR');
    for (const run of [short, unknown, missing]) expect(run.stderr).not.toMatch(STACK_FRAME);
  });

  it('generates and prints a password when none is given', async () => {
    const run = await reset([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^password of user "admin" \(id 1\) reset in embedded PGlite in /);
    expect(run.stdout).toMatch(/^new password: \S{20}$/m);
  });

  it('reads the password from stdin, and the service then accepts only the new one', async () => {
    const run = await reset(['-password-from-stdin'], {}, 'from-stdin-password\n');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('new password:');
    service = await start();
    expect(await signInStatus('from-stdin-password')).toBe(200);
    // ADMIN_PASSWORD only applies to the first start: the old password is gone.
    expect(await signInStatus('first-password')).toBe(401);
  });

  it('takes the password as an argument and the user by email', async () => {
    await service!.stop();
    service = undefined;
    const run = await reset(['-user', 'admin@localhost', 'argument-password']);
    expect(run.code).toBe(0);
    service = await start();
    expect(await signInStatus('argument-password')).toBe(200);
  });
});
