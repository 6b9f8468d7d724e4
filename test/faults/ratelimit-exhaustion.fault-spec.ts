import * as grpc from '@grpc/grpc-js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';

/*
 * Issue 19, findings 2 and 3, as an attacker on the public ports tried them: descriptor values of
 * a megabyte through /json and gRPC, and the API guard's counters driven or evicted from /json.
 * Every loop is bounded in count.
 */

const RULES = `
domain: open
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 1000000000}
`;
const GUARD_RULES = `
domain: guard
descriptors:
  - key: api
    value: teams
    descriptors:
      - key: token
        rate_limit: {unit: hour, requests_per_unit: 3}
`;
const ADMIN_PASSWORD = 'exhaustion-admin';
const ADMIN_BASIC = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

describe('rate limit decisions an attacker drives', () => {
  let service: ServiceProcess;
  let client: grpc.Client;
  let dataDir: string;

  const json = async (body: unknown) => {
    const response = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { message?: string } };
  };
  const stat = async (name: string) => {
    const text = await (await fetch(`${service.debugUrl}/stats`)).text();
    const line = text.split('\n').find((row) => row.startsWith(`${name}: `));
    return line === undefined ? undefined : Number(line.slice(name.length + 2));
  };
  const teams = () =>
    fetch(`${service.httpUrl}/api/teams/search`, { headers: { authorization: ADMIN_BASIC } });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'exhaustion-'));
    service = await startService({
      ...ruleDirectory({ 'open.yaml': RULES, 'guard.yaml': GUARD_RULES }),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      API_RATE_LIMIT_DOMAIN: 'guard',
      API_RATE_LIMIT_ROUTES: 'teams',
      MEMORY_STORE_MAX_KEYS: '1000',
      LOG_LEVEL: 'warn',
    });
    client = rateLimitClient(service.grpcAddress);
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('300 /json requests with unique ~900 KB values are refused with 400 and keep nothing', async () => {
    const before = rssMiB(service.child.pid!);
    const filler = 'x'.repeat(900 * 1024);
    for (let i = 0; i < 300; i++) {
      const answer = await json({
        domain: 'open',
        descriptors: [{ entries: [{ key: 'user', value: `${i}-${filler}` }] }],
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        'descriptors[0].entries[0].value is longer than 1024 bytes (MAX_DESCRIPTOR_VALUE_BYTES)',
      );
    }
    // Before the caps this kept ~300 MB (RSS 754 → 1,058 MB); garbage may linger until a GC.
    expect(rssMiB(service.child.pid!) - before).toBeLessThan(200);
    expect(await stat('ratelimit.memory_store.keys')).toBe(0);
    expect(await stat('ratelimit.memory_store.bytes')).toBe(0);
  });

  it('a gRPC request with a 3 MB value gets INVALID_ARGUMENT, naming the cap', async () => {
    const request = {
      domain: 'open',
      descriptors: [{ entries: [{ key: 'user', value: 'y'.repeat(3 * 1024 * 1024) }] }],
    };
    await expect(unary(client, 'ShouldRateLimit', request)).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details:
        'descriptors[0].entries[0].value is longer than 1024 bytes (MAX_DESCRIPTOR_VALUE_BYTES)',
    });
  });

  it("/json cannot ask for the API guard's domain, so cannot lock the admin out", async () => {
    await withinOneWindow(3600, 30);
    const attack = await json({
      domain: 'guard',
      hits_addend: 1_000_000,
      descriptors: [
        {
          entries: [
            { key: 'api', value: 'teams' },
            { key: 'token', value: 'x' },
          ],
        },
      ],
    });
    expect(attack.status).toBe(400);
    expect(attack.body.message).toMatch(
      /^rate limit domain "guard" is reserved for this service's own API rate limits/,
    );
    await expect(
      unary(client, 'ShouldRateLimit', {
        domain: 'guard',
        descriptors: [{ entries: [{ key: 'api', value: 'teams' }] }],
      }),
    ).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    expect((await teams()).status).toBe(200);
  });

  it("other domains' traffic does not evict the guard's counters", async () => {
    await withinOneWindow(3600, 60);
    // The admin's login has 3 an hour; the test before may have used one.
    const used: number[] = [];
    for (let i = 0; i < 2; i++) used.push((await teams()).status);
    // 2,000 new keys in a store of 1,000: the shared store evicts its oldest.
    for (let i = 0; i < 2000; i++) {
      const answer = await json({
        domain: 'open',
        descriptors: [{ entries: [{ key: 'user', value: `flood-${i}` }] }],
      });
      expect(answer.status).toBe(200);
    }
    expect(await stat('ratelimit.memory_store.evicted')).toBeGreaterThanOrEqual(1000);
    // Still counted: the third call of the hour at most is allowed, then 429.
    let status = 200;
    for (let i = 0; i < 2 && status === 200; i++) status = (await teams()).status;
    expect(used.every((code) => code === 200)).toBe(true);
    expect(status).toBe(429);
    expect(await stat('ratelimit.memory_store.reserved.keys')).toBeGreaterThan(0);
  });
});
