import { MemcachedServer, startMemcachedNodes } from '../support/memcached-server';
import { ruleDirectory } from '../support/rule-dir';
import { freePort } from '../support/free-port';
import { runServiceToExit, ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';

const RULES = `
domain: mc
descriptors:
  - key: user
    rate_limit: {unit: minute, requests_per_unit: 5}
`;

describe('BACKEND_TYPE=memcache: the built service counting in two real memcached nodes', () => {
  let nodes: MemcachedServer[];
  let service: ServiceProcess;
  const run = Date.now().toString(36);
  const post = (value: string) =>
    fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body: JSON.stringify({ domain: 'mc', descriptors: [{ entries: [{ key: 'user', value }] }] }),
    });

  beforeAll(async () => {
    nodes = await startMemcachedNodes(2);
    // The upstream names, as an upstream deployment's environment sets them.
    service = await startService({
      BACKEND_TYPE: 'memcache',
      MEMCACHE_HOST_PORT: nodes.map((node) => node.address).join(','),
      ...ruleDirectory({ 'mc.yaml': RULES }),
    });
  });
  afterAll(async () => {
    await service?.stop();
    await Promise.all((nodes ?? []).map((node) => node.stop()));
  });

  it('is healthy once the nodes answer', async () => {
    const response = await fetch(`${service.httpUrl}/healthcheck`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('OK');
  });

  it('answers a 5/minute rule: five OK, then over the limit', async () => {
    await withinOneWindow(60, 10);
    // No pause between calls: the increment is written to the node's connection before the answer
    // goes out, so the next read on that connection comes after it.
    const statuses: number[] = [];
    const remaining: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await post(`user-${run}`);
      statuses.push(response.status);
      const body = (await response.json()) as { statuses: Array<{ limitRemaining?: number }> };
      remaining.push(body.statuses[0].limitRemaining);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(remaining).toEqual([4, 3, 2, 1, undefined, undefined, undefined]);
    // Another value has its own counter.
    expect((await post(`other-${run}`)).status).toBe(200);
  });

  it('refuses a key over 250 bytes with 400 and says why', async () => {
    const response = await post('v'.repeat(250));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^counter key "mc_user_v{72}…" cannot be stored in memcached: it is 269 bytes long and memcached keys are at most 250 bytes$/,
    );
    const stats = await (await fetch(`${service.debugUrl}/stats`)).text();
    expect(stats).toContain('ratelimit.memcache.key_rejected: 1\n');
    expect(stats).toMatch(/ratelimit\.memcache\.multiget\.__code=success: [1-9]/);
  });

  it('stops cleanly on SIGTERM', async () => {
    // Nest re-raises the signal once its shutdown hooks (closing the memcached client) are done.
    const exit = await service.stop();
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    expect(service.output()).not.toMatch(/memcached background task failed|ERROR/);
  });
});

describe('BACKEND_TYPE=memcache without a reachable memcached', () => {
  it('starts, reports unhealthy and answers every decision failing open', async () => {
    const unused = `127.0.0.1:${await freePort()},127.0.0.1:${await freePort()}`;
    const service = await startService({
      ALTCACHE_HOST_PORT: unused,
      ...ruleDirectory({ 'mc.yaml': RULES }),
    });
    try {
      const health = await fetch(`${service.httpUrl}/healthcheck`);
      expect(health.status).toBe(500);
      expect(await health.text()).toContain('memcached');
      const body = JSON.stringify({
        domain: 'mc',
        descriptors: [{ entries: [{ key: 'user', value: 'down' }] }],
      });
      // Each answered within a caller deadline (an abort fails the test), not a wall-clock bound.
      for (let i = 0; i < 7; i++) {
        const response = await fetch(`${service.httpUrl}/json`, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(10_000),
        });
        expect(response.status).toBe(200);
      }
      expect(service.output()).toMatch(/memcached node 127\.0\.0\.1:\d+ is not answering/);
    } finally {
      await service.stop();
    }
  });

  it('refuses ALTCACHE_TLS=true at boot, naming the setting', async () => {
    const { code, output } = await runServiceToExit({
      MEMCACHE_HOST_PORT: '127.0.0.1:11211',
      MEMCACHE_TLS: 'true',
      ...ruleDirectory({ 'mc.yaml': RULES }),
    });
    expect(code).toBe(1);
    expect(output).toContain('ALTCACHE_TLS=true (MEMCACHE_TLS) is not supported');
  });
});
