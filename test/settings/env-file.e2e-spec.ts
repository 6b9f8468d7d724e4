import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleDirectory } from '../support/rule-dir';
import { runServiceToExit, ServiceProcess, startService } from '../support/service-process';
import { E2E_RULES } from '../ratelimit/rules';

/** `.env` in the working directory, as an operator uses it: settings the environment lacks. */
describe('a .env file in the working directory', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'env-file-e2e-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const dotenv = (variables: Record<string, string>) =>
    writeFileSync(
      join(dir, '.env'),
      Object.entries(variables)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    );

  describe('with the rule directory only in the file', () => {
    let service: ServiceProcess;
    afterEach(() => service.stop());

    it('is read at start: the rules it points to decide; the environment wins over it', async () => {
      // The file's MODULES would add content and teams (and their database); the environment's wins.
      dotenv({ ...ruleDirectory({ 'e2e.yaml': E2E_RULES }), MODULES: 'ratelimit,teams' });
      service = await startService({ MODULES: 'ratelimit' }, { cwd: dir });
      const answer = await fetch(`${service.httpUrl}/json`, {
        method: 'POST',
        body: JSON.stringify({
          domain: 'e2e',
          descriptors: [{ entries: [{ key: 'user', value: 'env-file' }] }],
        }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({
        overallCode: 'OK',
        statuses: [{ currentLimit: { requestsPerUnit: 20 } }],
      });
      expect((await fetch(`${service.httpUrl}/api/teams/search`)).status).toBe(404);
    });
  });

  it('stops the boot on an invalid value in the file, naming the variable', async () => {
    dotenv({ BACKEND_TYPE: 'mongo' });
    const { code, output } = await runServiceToExit({ MODULES: 'ratelimit' }, dir);
    expect(code).toBe(1);
    expect(output).toContain('BACKEND_TYPE="mongo": allowed values: memory');
  });
});
