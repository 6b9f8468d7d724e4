import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../support/free-port';
import { PROJECT_ROOT } from '../support/service-process';

/**
 * At the default log level a start prints a short summary with the addresses the listeners are
 * really bound to; a `.env` file in the working directory is read, real variables winning.
 */

const MAIN = join(PROJECT_ROOT, process.env.SERVICE_MAIN ?? join('dist', 'main.js'));

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'startup-summary-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the built service in `dir` until its summary's last line, then stops it. */
function startUntilSummary(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      cwd: dir,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no summary within 45 s:\n${output}`));
    }, 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/rules: .*\n/.test(output)) {
        clearTimeout(timer);
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

it('says at the default level which modules run, where each listener is, the store and the rules', async () => {
  const [port, grpcPort, debugPort, envFilePort] = await freePorts(4);
  // The file sets GRPC_PORT and DEBUG_HOST; PORT is in both, and the environment wins.
  writeFileSync(
    join(dir, '.env'),
    [
      `PORT=${envFilePort}`,
      `GRPC_PORT=${grpcPort}`,
      'DEBUG_HOST=0.0.0.0',
      `RUNTIME_ROOT=${join(PROJECT_ROOT, 'config')}`,
      '',
    ].join('\n'),
  );
  const output = await startUntilSummary({
    MODULES: 'ratelimit',
    HOST: '127.0.0.1',
    PORT: String(port),
    GRPC_HOST: '127.0.0.1',
    DEBUG_PORT: String(debugPort),
  });
  const summary = output.split('\n').filter((line) => line.includes('"context":"Startup"'));
  // Information, not nine warnings: info records although the level stays warn.
  expect(summary.length).toBeGreaterThan(0);
  expect(summary.every((line) => line.includes('INFO') && !line.includes('WARN'))).toBe(true);
  // ... and only the summary's: every other logger keeps the warn level.
  const otherInfo = output
    .split('\n')
    .filter((line) => line.includes('INFO') && !line.includes('"context":"Startup"'));
  expect(otherInfo).toEqual([]);
  const text = summary.join('\n');
  expect(text).toContain('ready: modules ratelimit');
  expect(text).toContain(`HTTP listener on http://127.0.0.1:${port}`);
  expect(text).toContain(`gRPC listener on 127.0.0.1:${grpcPort}`);
  // Every address is read from its server, none repeated from the settings.
  expect(text).not.toContain('(configured)');
  // Bound to every interface, and said so (not 127.0.0.1).
  expect(text).toContain(`debug listener on http://0.0.0.0:${debugPort}`);
  expect(text).toContain(
    '(reachable from other machines, no authentication: DEBUG_HOST=127.0.0.1 or DEBUG_TOKEN; docs/security.md)',
  );
  expect(text).toContain('counters: process memory');
  expect(text).toMatch(/rules: 2 domains loaded from .*config\/ratelimit\/config/);
  expect(text).not.toContain('database:');
  expect(summary.length).toBeLessThanOrEqual(8);
});
