import * as grpc from '@grpc/grpc-js';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { healthClient, rateLimitClient, unary } from '../support/grpc-clients';
import { ruleDirectory } from '../support/rule-dir';
import { runServiceToExit, ServiceProcess, startService } from '../support/service-process';
import { E2E_RULES } from './rules';

/**
 * A preload script that writes every module the process has required to a file on SIGUSR2: the
 * test reads what a running service loaded, not what it might load.
 */
function loadedModulesProbe(): { env: Record<string, string>; read(): Promise<string[]> } {
  const dir = mkdtempSync(join(tmpdir(), 'modules-probe-'));
  const script = join(dir, 'probe.js');
  const out = join(dir, 'loaded.json');
  writeFileSync(
    script,
    `process.on('SIGUSR2', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache))));\n`,
  );
  return {
    env: { NODE_OPTIONS: `--require ${script}` },
    read: async () => {
      const { value } = await eventually('the loaded module list', () =>
        existsSync(out) ? readFileSync(out, 'utf8') : undefined,
      );
      return JSON.parse(value) as string[];
    },
  };
}

const decision = { domain: 'e2e', descriptors: [{ entries: [{ key: 'user', value: 'm' }] }] };

describe('MODULES', () => {
  describe('MODULES=ratelimit', () => {
    let service: ServiceProcess;
    const probe = loadedModulesProbe();

    beforeAll(async () => {
      service = await startService({
        ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
        ...probe.env,
        MODULES: 'ratelimit',
        // Would fail the boot if the content settings were still read.
        GRAPHQL_PATH: 'not a path',
      });
    });
    afterAll(() => service.stop());

    it('does not load PGlite, the database layer, GraphQL, identity, teams or content', async () => {
      service.child.kill('SIGUSR2');
      const loaded = await probe.read();
      const matching = (pattern: RegExp) => loaded.filter((path) => pattern.test(path));
      expect(loaded.length).toBeGreaterThan(100);
      expect(matching(/dist[^/]*\/ratelimit\//).length).toBeGreaterThan(0);
      expect(matching(/@electric-sql[\\/]pglite/)).toEqual([]);
      expect(matching(/node_modules[\\/](drizzle-orm|pg)[\\/]/)).toEqual([]);
      expect(matching(/node_modules[\\/](graphql|graphiql|sharp)[\\/]/)).toEqual([]);
      expect(matching(/dist[^/]*[\\/](identity|teams|content|infra[\\/]database)[\\/]/)).toEqual(
        [],
      );
      // Nor the Grafana-style HTTP pieces identity and teams share (infra/http/grafana).
      expect(matching(/dist[^/]*[\\/]infra[\\/]http[\\/]grafana[\\/]/)).toEqual([]);
    });

    it('serves gRPC decisions, gRPC health, /json, /healthcheck and the debug listener', async () => {
      const client = rateLimitClient(service.grpcAddress);
      const health = healthClient(service.grpcAddress);
      try {
        const response = await unary<{ overallCode: string }>(client, 'shouldRateLimit', decision);
        expect(response.overallCode).toBe('OK');
        const status = await unary<{ status: string }>(health, 'check', { service: '' });
        expect(status.status).toBe('SERVING');
      } finally {
        client.close();
        health.close();
      }
      const json = await fetch(`${service.httpUrl}/json`, {
        method: 'POST',
        body: JSON.stringify(decision),
      });
      expect(json.status).toBe(200);
      const healthcheck = await fetch(`${service.httpUrl}/healthcheck`);
      expect(healthcheck.status).toBe(200);
      expect(await healthcheck.text()).toBe('OK');
      expect((await fetch(`${service.debugUrl}/rlconfig`)).status).toBe(200);
    });

    it('answers 404 on the GraphQL and REST API paths', async () => {
      for (const path of ['/graphql', '/api', '/api/teams/search', '/api/user']) {
        const response = await fetch(`${service.httpUrl}${path}`);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
    });
  });

  describe('MODULES=ratelimit,teams', () => {
    let service: ServiceProcess;
    const probe = loadedModulesProbe();

    beforeAll(async () => {
      service = await startService({
        ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
        ...probe.env,
        MODULES: 'ratelimit,teams',
      });
    });
    afterAll(() => service.stop());

    it('loads the API guard, identity and teams, and not one content file or GraphQL', async () => {
      service.child.kill('SIGUSR2');
      const loaded = await probe.read();
      const matching = (pattern: RegExp) => loaded.filter((path) => pattern.test(path));
      expect(matching(/dist[^/]*[\\/]api-guard[\\/]/).length).toBeGreaterThan(0);
      expect(matching(/dist[^/]*[\\/]teams[\\/]/).length).toBeGreaterThan(0);
      expect(matching(/dist[^/]*[\\/]content[\\/]/)).toEqual([]);
      expect(matching(/node_modules[\\/](graphql|graphiql|sharp)[\\/]/)).toEqual([]);
      const teams = await fetch(`${service.httpUrl}/api/teams/search`);
      expect(teams.status).toBe(401);
    });
  });

  describe('MODULES=content,teams', () => {
    let service: ServiceProcess;

    beforeAll(async () => {
      service = await startService({
        MODULES: 'content,teams',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'modules-data-')),
        ADMIN_PASSWORD: 'modules-secret',
        // Would fail the boot if the rate limit settings were still read.
        GRPC_SERVER_USE_TLS: 'true',
        MAX_DESCRIPTORS_PER_REQUEST: '0',
      });
    });
    afterAll(() => service.stop());

    it('serves GraphQL and the teams API, and /healthcheck covers what it runs', async () => {
      const graphql = await fetch(`${service.httpUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ ping }' }),
      });
      expect(await graphql.json()).toEqual({ data: { ping: 'pong' } });
      const teams = await fetch(`${service.httpUrl}/api/teams/search`, {
        headers: {
          authorization: `Basic ${Buffer.from('admin:modules-secret').toString('base64')}`,
        },
      });
      expect(teams.status).toBe(200);
      expect((await fetch(`${service.httpUrl}/healthcheck`)).status).toBe(200);
      expect((await fetch(`${service.httpUrl}/json`, { method: 'POST' })).status).toBe(404);
    });

    it('opens no gRPC listener', async () => {
      const client = rateLimitClient(service.grpcAddress);
      try {
        await expect(unary(client, 'shouldRateLimit', decision)).rejects.toMatchObject({
          code: grpc.status.UNAVAILABLE,
        });
      } finally {
        client.close();
      }
    });
  });

  it('stops the boot on a combination that cannot work, naming both settings', async () => {
    const { code, output } = await runServiceToExit({
      MODULES: 'content,teams',
      API_RATE_LIMIT_DOMAIN: 'api',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'API_RATE_LIMIT_DOMAIN is set but MODULES=content,teams leaves out ratelimit',
    );
  });

  it('refuses an unknown module name', async () => {
    const { code, output } = await runServiceToExit({ MODULES: 'ratelimit,billing' });
    expect(code).toBe(1);
    expect(output).toContain(
      'MODULES="ratelimit,billing": unknown module "billing"; allowed values: a comma list of ratelimit, content, teams',
    );
  });
});
