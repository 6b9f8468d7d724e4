import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../support/service-process';

const run = promisify(execFile);

/** [folder, import from it, whether the boundaries allow it] */
const PROBES: readonly [string, string, boolean][] = [
  ['src/ratelimit/limiter', '../../content/endpoint/graphql.route', false],
  ['src/ratelimit/transport', '../../identity/identity.module', false],
  ['src/infra/counters', '../../ratelimit/ratelimit.module', false],
  ['src/settings', '../teams/teams.module', false],
  ['src/content/store', '../../teams/teams.module', false],
  ['src/teams', '../content/content.module', false],
  // Another domain only through its entry files (src/identity/index.ts, src/ratelimit/index.ts
  // and testing.ts); the API guard never sees content or teams.
  ['src/api-guard', '../ratelimit', true],
  ['src/api-guard', '../ratelimit/testing', true],
  ['src/api-guard', '../ratelimit/ratelimit.module', false],
  ['src/api-guard', '../content/endpoint/craft-http-error', false],
  ['src/teams/http', '../../identity', true],
  ['src/teams/http', '../../identity/auth/auth.guard', false],
  ['src/content/schemas', '../../identity/store/users.repository', false],
  ['src/identity/users', '../../infra/http/grafana/grafana-error', true],
];

/**
 * The domain boundaries are enforced by `npm run lint` (eslint.config.mjs): a file that crosses one
 * fails the lint. Each probe is a real file in the folder it speaks for, linted once, then removed.
 */
describe('domain boundaries', () => {
  it('the lint fails on every import that crosses a boundary, and only on those', async () => {
    const files = PROBES.map(([folder], i) =>
      join(PROJECT_ROOT, folder, `boundary-probe-${process.pid}-${i}.ts`),
    );
    PROBES.forEach(([, imported], i) => writeFileSync(files[i], `export * from '${imported}';\n`));
    try {
      const { failed, report } = await run('npx', ['eslint', '--format', 'json', ...files], {
        cwd: PROJECT_ROOT,
        maxBuffer: 16 * 1024 * 1024,
      }).then(
        ({ stdout }) => ({ failed: false, report: stdout }),
        (error: { stdout: string }) => ({ failed: true, report: error.stdout }),
      );
      expect(failed).toBe(true);
      const results = JSON.parse(report) as {
        filePath: string;
        messages: { ruleId: string | null }[];
      }[];
      const crossing = (file: string) =>
        results
          .find((result) => result.filePath === file)!
          .messages.some((message) => message.ruleId === 'no-restricted-imports');
      expect(
        PROBES.map(([folder, imported], i) => [folder, imported, !crossing(files[i])]),
      ).toEqual(PROBES.map(([folder, imported, allowed]) => [folder, imported, allowed]));
    } finally {
      for (const file of files) rmSync(file, { force: true });
    }
  }, 180_000);
});
