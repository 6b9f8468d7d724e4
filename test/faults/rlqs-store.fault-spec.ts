import * as grpc from '@grpc/grpc-js';
import { eventually } from '../support/eventually';
import { startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import {
  actionsOf,
  type Json,
  QuotaCall,
  repeatedFormClient,
  usage,
} from '../support/rlqs-clients';
import { startService } from '../support/service-process';

const RULES = `
domain: quota-faults
descriptors:
  - key: tenant
    rate_limit: { unit: day, requests_per_unit: 1000000000 }
`;
/** One counter per stream: no stream is pushed because of the other's reports. */
const LIMITED = [{ tenant: 'steady-0' }, { tenant: 'steady-1' }];
const UNRULED = { path: '/no-rule' };

/** How long an answer may take before the stream counts as hung (far above a healthy answer). */
const ANSWER_DEADLINE_MS = 10_000;

function answer(call: QuotaCall): Promise<Json[]> {
  return Promise.race([
    call.next().then(actionsOf),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`no answer within ${ANSWER_DEADLINE_MS} ms`)),
        ANSWER_DEADLINE_MS,
      ).unref(),
    ),
  ]);
}

/**
 * The counter store killed under open quota streams (docs/rlqs.md, "Limits, bad input, failures
 * and shutdown"): every report is still answered, the limited bucket without an assignment (Envoy
 * keeps what it holds until the TTL, then its expired-assignment behaviour), the stream stays open,
 * and once Redis is back the same stream gets assignments again.
 */
describe('RLQS under a failing counter store', () => {
  it('Redis killed and restarted: streams stay open and answered, assignments resume', async () => {
    const redis = await startRedis();
    const service = await startService({
      ...ruleDirectory({ 'quota-faults.yaml': RULES }),
      MODULES: 'ratelimit',
      KVSTORE_URL: redis.url,
      // Longer than the answer deadline: a report that waited on the dead store would show.
      KVSTORE_TIMEOUT: '60s',
    });
    const client = repeatedFormClient(service.grpcAddress);
    const calls = [new QuotaCall(client), new QuotaCall(client)];
    const report = (call: QuotaCall, first = false) => {
      call.send({
        ...(first ? { domain: 'quota-faults' } : {}),
        bucketQuotaUsages: [usage(LIMITED[calls.indexOf(call)], 1), usage(UNRULED, 1)],
      });
      return answer(call);
    };
    const buckets = (actions: Json[]) => actions.map((action) => action.bucket);
    try {
      for (const [i, call] of calls.entries()) {
        expect(buckets(await report(call, true))).toEqual([LIMITED[i], UNRULED]);
      }

      await redis.kill();
      // Reports keep being answered; the limited bucket drops out while the store fails.
      await eventually(
        'a report answered without the limited bucket',
        async () => {
          const answers = await Promise.all(calls.map((call) => report(call)));
          return answers.every((actions) => actions.length === 1) ? answers : undefined;
        },
        15_000,
        100,
      ).then(({ value }) => {
        for (const actions of value) {
          expect(actions).toEqual([{ bucket: UNRULED, ttl: 10, blanketRule: 'ALLOW_ALL' }]);
        }
      });
      const stats = await (await fetch(`${service.debugUrl}/stats`)).text();
      expect(stats).toMatch(/^ratelimit\.rlqs\.errors: [1-9]/m);
      expect(stats).toMatch(/^ratelimit\.rlqs\.active_streams: 2$/m);
      for (const call of calls) expect(call.status).toBeUndefined();

      await redis.restart();
      await eventually(
        'assignments for the limited bucket again',
        async () => {
          const answers = await Promise.all(calls.map((call) => report(call)));
          return answers.every((actions) => actions.length === 2) ? answers : undefined;
        },
        15_000,
        100,
      ).then(({ value }) => {
        for (const [i, actions] of value.entries()) {
          expect(buckets(actions)).toEqual([LIMITED[i], UNRULED]);
          expect(actions[0]).toHaveProperty('tokenBucket');
        }
      });
      for (const call of calls) expect((await call.finish()).code).toBe(grpc.status.OK);
      expect(service.child.exitCode).toBeNull();
    } finally {
      client.close();
      await service.stop();
      await redis.stop();
    }
  });
});
