import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';
import { E2E_RULES } from './rules';

/** Detailed metrics: the descriptor's value is part of the stat's name. */
const DETAILED_RULES = `
domain: detailed
descriptors:
  - key: user
    detailed_metric: true
    rate_limit: {unit: minute, requests_per_unit: 100}
`;

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

describe('debug listener', () => {
  let service: ServiceProcess;
  const get = (path: string) => fetch(`${service.debugUrl}${path}`);
  // Looked for in heap snapshots: the settings must not keep it once the admin exists.
  const adminPassword = `pw-${randomBytes(12).toString('hex')}`;

  beforeAll(async () => {
    service = await startService({
      ...ruleDirectory({ 'e2e.yaml': E2E_RULES, 'detailed.yaml': DETAILED_RULES }),
      DEBUG_HEAP_SNAPSHOTS: 'true',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'debug-e2e-')),
      ADMIN_PASSWORD: adminPassword,
    });
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('lists its endpoints sorted by path on / and on unknown paths', async () => {
    const expected = [
      '/console: operator console: rules, live traffic, top callers, counters, health',
      '/counters: GET ?domain=&descriptor=k=v,k2=v2: counters of a descriptor; DELETE: reset them',
      '/debug/pprof/: root of various pprof endpoints. hit for help.',
      '/debug/pprof/heap: heap snapshot endpoint',
      '/debug/pprof/profile: CPU profiling endpoint',
      '/debug/pprof/trace: trace endpoint',
      '/dry-run: POST ?seconds= a candidate rule file (YAML): what it would have limited; GET, DELETE',
      '/rlconfig: print out the currently loaded configuration for debugging',
      '/stats: print out stats',
      '/top: GET ?rule=: top callers of a rule by hits and by over-limit',
      '/traffic: GET [?rule=]: per-rule traffic over the last minute and hour',
      '',
    ].join('\n');
    for (const path of ['/', '/nope']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(expected);
    }
  });

  it('links every profile from /debug/pprof/', async () => {
    const response = await get('/debug/pprof/');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    for (const link of ['profile?seconds=30', 'heap', 'trace?seconds=1']) {
      expect(page).toContain(`href="${link}"`);
    }
  });

  it('takes a CPU profile for the seconds asked, one at a time', async () => {
    const started = Date.now();
    const first = get('/debug/pprof/profile?seconds=2');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await get('/debug/pprof/profile?seconds=1');
    expect(second.status).toBe(409);
    expect(await second.text()).toMatch(/already being taken/);

    const response = await first;
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cpu-.+-\d+-\d{8}T\d{6}Z\.cpuprofile"$/,
    );
    const profile = (await response.json()) as CpuProfile;
    expect(profile.nodes.length).toBeGreaterThan(0);
    expect(profile.samples.length).toBeGreaterThan(0);
    expect(profile.timeDeltas).toHaveLength(profile.samples.length);
    expect(profile.endTime - profile.startTime).toBeGreaterThanOrEqual(1_900_000); // µs
    expect(profile.nodes[0].callFrame.functionName).toBe('(root)');

    // Free again once done.
    expect((await get('/debug/pprof/profile?seconds=1')).status).toBe(200);
  });

  it.each(['0', '301', '1.5', 'ten', '-1'])('refuses seconds=%s with 400', async (seconds) => {
    const response = await get(`/debug/pprof/profile?seconds=${seconds}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^seconds must be a whole number from 1 to 300/);
  });

  it('streams a heap snapshot that Chrome DevTools can load', async () => {
    const response = await get('/debug/pprof/heap');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="heap-.+\.heapsnapshot"$/,
    );
    const text = await response.text();
    expect(text.startsWith('{"snapshot":')).toBe(true);
    const snapshot = JSON.parse(text) as { snapshot: { node_count: number }; nodes: number[] };
    expect(snapshot.snapshot.node_count).toBeGreaterThan(1000);
    // The admin was created with it at boot; then it was forgotten (issue 19, finding 1).
    expect(text).not.toContain(adminPassword);
  });

  it('escapes control characters of descriptor values in /stats: one stat, one line (issue 29)', async () => {
    const value = 'evil\nratelimit.fake.total_hits: 999999\r\u0000';
    const answer = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body: JSON.stringify({
        domain: 'detailed',
        descriptors: [{ entries: [{ key: 'user', value }] }],
      }),
    });
    expect(answer.status).toBe(200);
    const text = await (await get('/stats')).text();
    const lines = text.trimEnd().split('\n');
    // eslint-disable-next-line no-control-regex -- the test is that none is left
    expect(lines.every((line) => /^[^\u0000-\u001f]+: -?[\d.]+$/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith('ratelimit.fake.'))).toBe(false);
    // `:` becomes `_` in stat names, as upstream's; the controls are escaped.
    expect(text).toContain(
      'detailed.user_evil\\nratelimit.fake.total_hits_ 999999\\r\\u0000.total_hits: 1\n',
    );
  });

  it('serves no secret on /rlconfig or /stats', async () => {
    for (const path of ['/rlconfig', '/stats', '/']) {
      expect(await (await get(path)).text()).not.toContain(adminPassword);
    }
  });

  it('frees the heap snapshot when the client goes away mid-download', async () => {
    const controller = new AbortController();
    const response = await fetch(`${service.debugUrl}/debug/pprof/heap`, {
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(Buffer.from(value).toString('utf8', 0, 12)).toBe('{"snapshot":');
    // Only one at a time: the snapshot of many megabytes is still being sent.
    const second = await get('/debug/pprof/heap');
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('10');
    expect(await second.text()).toMatch(/already being taken; only one at a time/);
    controller.abort();
    await reader.cancel().catch(() => {});
    // The server sees the abort a moment later; until then a new snapshot is refused.
    const { value: again } = await eventually(
      'the snapshot to be free again',
      async () => {
        const attempt = await get('/debug/pprof/heap');
        if (attempt.status !== 503) return attempt;
        await attempt.text();
        return undefined;
      },
      5000,
      100,
    );
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });

  it('records Node trace events in the Trace Event Format', async () => {
    const response = await get('/debug/pprof/trace?seconds=1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="trace-.+\.json"$/);
    const trace = (await response.json()) as { traceEvents: Array<{ ph: string }> };
    expect(trace.traceEvents.length).toBeGreaterThan(0);
  });
});

describe('debug listener by default', () => {
  let service: ServiceProcess;

  beforeAll(async () => {
    service = await startService({
      ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
      MODULES: 'ratelimit',
    });
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('serves no heap snapshot unless DEBUG_HEAP_SNAPSHOTS is set, and says so', async () => {
    const response = await fetch(`${service.debugUrl}/debug/pprof/heap`);
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(
      /^heap snapshots are off: .*set DEBUG_HEAP_SNAPSHOTS=true to serve them/,
    );
  });

  it('still takes CPU profiles', async () => {
    const response = await fetch(`${service.debugUrl}/debug/pprof/profile?seconds=1`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
});
