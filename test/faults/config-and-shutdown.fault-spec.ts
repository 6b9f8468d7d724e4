import * as grpc from '@grpc/grpc-js';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { receivedMore, unreadBytes, watchHealth } from '../support/in-flight';
import { type LoadLoop, startLoad } from '../support/load-loop';
import { startRedis } from '../support/redis/servers';
import { startService } from '../support/service-process';

const rules = (limit: number) => `
domain: faults
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: ${limit}}
`;
const request = {
  domain: 'faults',
  descriptors: [{ entries: [{ key: 'user', value: 'steady' }] }],
};

const CALLERS = 16;
/** A probe's descriptor value: longer than all the load callers' store commands together. */
const PROBE_BYTES = 3_500;

interface Decision {
  overallCode: string;
  statuses: { currentLimit?: { requestsPerUnit: number } }[];
}

describe('configuration and shutdown under steady load', () => {
  it('a rule file corrupted during load is rejected and the old rules keep serving', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fault-rules-'));
    const directory = join(root, 'ratelimit', 'config');
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, 'faults.yaml'), rules(1_000_000));
    const service = await startService({ RUNTIME_ROOT: root, RUNTIME_WATCH_ROOT: 'false' });
    const client = rateLimitClient(service.grpcAddress);
    const limits: number[] = [];
    const load = startLoad(async () => {
      const decision = await unary<Decision>(client, 'ShouldRateLimit', request);
      limits.push(decision.statuses[0].currentLimit!.requestsPerUnit);
    });
    try {
      await eventually('steady load', () => (limits.length > 200 ? true : undefined));
      const rejections = () =>
        service.output().split("faults.yaml: invalid rate limit unit 'eon'").length - 1;
      for (let i = 0; i < 3; i++) {
        const before = rejections();
        writeFileSync(
          join(directory, 'faults.yaml'),
          `domain: faults\ndescriptors:\n  - key: user\n    rate_limit: {unit: eon, requests_per_unit: ${i}}\n`,
        );
        await eventually('the corrupted file rejected', () =>
          rejections() > before ? true : undefined,
        );
      }
      writeFileSync(join(directory, 'faults.yaml'), rules(2_000_000));
      await eventually('the fixed file served', () =>
        limits[limits.length - 1] === 2_000_000 ? true : undefined,
      );
      await load.stop();
      expect(load.outcomes.every((outcome) => outcome.ok)).toBe(true);
      expect(new Set(limits)).toEqual(new Set([1_000_000, 2_000_000]));
    } finally {
      await load.stop();
      client.close();
      await service.stop();
    }
  });

  /*
   * The store is frozen (SIGSTOP) under the load, so every caller has a call waiting on it when
   * SIGTERM goes out (established by allCallersWaitingOnStore, not by timing): those calls must
   * complete OK once the store answers, health must have turned NOT_SERVING, and the process must
   * end gracefully (not by the SHUTDOWN_TIMEOUT exit). An instant death fails all of that.
   */
  it('SIGTERM under load on the Redis store: health NOT_SERVING, calls in flight complete OK, later ones are refused cleanly', async () => {
    const redis = await startRedis();
    const root = mkdtempSync(join(tmpdir(), 'fault-rules-'));
    mkdirSync(join(root, 'ratelimit', 'config'), { recursive: true });
    writeFileSync(join(root, 'ratelimit', 'config', 'faults.yaml'), rules(1_000_000_000));
    const service = await startService({
      RUNTIME_ROOT: root,
      MODULES: 'ratelimit',
      KVSTORE_URL: redis.url,
      KVSTORE_TIMEOUT: '60s',
      MAX_DESCRIPTOR_VALUE_BYTES: String(PROBE_BYTES),
    });
    const client = rateLimitClient(service.grpcAddress);
    const watch = await watchHealth(service.grpcAddress);
    const load = startLoad(() => unary(client, 'ShouldRateLimit', request), CALLERS, 5_000);
    let frozen = false;
    try {
      await eventually('steady load', () =>
        load.outcomes.filter((o) => o.ok).length > 500 ? true : undefined,
      );
      process.kill(redis.pid!, 'SIGSTOP');
      frozen = true;
      await allCallersWaitingOnStore(load, client, redis.port);
      const sigtermAt = performance.now();
      const exited = service.stop('SIGTERM');
      await eventually('NOT_SERVING on the health Watch stream', () =>
        watch.statuses.includes('NOT_SERVING') ? true : undefined,
      );
      // The Watch stream stays open: the server ends it when its listeners close.
      process.kill(redis.pid!, 'SIGCONT');
      frozen = false;
      const exit = await exited;
      await load.stop();
      // Nest re-raises the signal once closed: a graceful end is that signal (or 0), never code 1.
      expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
      expect(load.outcomes.filter((o) => o.at < sigtermAt && !o.ok)).toEqual([]);
      const failures = load.outcomes.filter((outcome) => !outcome.ok);
      for (const failure of failures) {
        expect(failure.error).toMatch(new RegExp(`^${grpc.status.UNAVAILABLE}: `));
      }
      expect(watch.statuses).toEqual(['SERVING', 'NOT_SERVING']);
      expect(service.output()).toContain('SIGTERM received: draining in-flight calls');
    } finally {
      if (frozen) process.kill(redis.pid!, 'SIGCONT');
      watch.close();
      await load.stop();
      client.close();
      await service.stop('SIGKILL');
      await redis.stop();
    }
  });
});

/**
 * With the store frozen, waits until every load caller's call has reached the service: all callers
 * are waiting, then a probe call with a value far longer than any load call's whole command is sent
 * on the same channel and seen arriving in the store's receive queue. The channel delivers calls
 * in order, so the load calls sent before it have reached the service too; if any call completed
 * meanwhile (a reply that was already on its way at the freeze), its caller may have sent another
 * after the probe, and the check runs again. The probes complete once the store is thawed.
 */
async function allCallersWaitingOnStore(
  load: LoadLoop,
  client: grpc.Client,
  storePort: number,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const completed = load.outcomes.length;
    await eventually('every caller waiting on the frozen store', () =>
      load.pending === CALLERS ? true : undefined,
    );
    const unread = unreadBytes(storePort);
    const probe = {
      domain: 'faults',
      descriptors: [{ entries: [{ key: 'user', value: `${attempt}`.padEnd(PROBE_BYTES, 'p') }] }],
    };
    unary(client, 'ShouldRateLimit', probe).catch(() => undefined);
    await receivedMore(storePort, unread + PROBE_BYTES - 1);
    if (load.outcomes.length === completed && load.pending === CALLERS) return;
  }
}
