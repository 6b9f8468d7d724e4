import * as grpc from '@grpc/grpc-js';
import { ruleDirectory } from '../support/rule-dir';
import { startRedis, type RedisServer } from '../support/redis/servers';
import { atNextBoundary, repeatedFormClient, SimulatedEnvoy } from '../support/rlqs-clients';
import { type ServiceProcess, startService } from '../support/service-process';

/**
 * Fair shares (docs/rlqs.md, "Fair shares"): three Envoys of unequal demand report one bucket every
 * second (RLQS_REPORT_INTERVAL=1s) over real gRPC, enforcing their assignments as Envoy's filter
 * does (SimulatedEnvoy). Over several windows the fleet stays within the documented overshoot of
 * the limit and each Envoy's part follows its demand, on one instance with the memory store and on
 * two instances sharing a real Redis. Rounds start just after a second boundary (the service's
 * demand intervals and windows are epoch-aligned); none races a boundary.
 */

const LIMIT = 100;
const WINDOW = 4;
const RULES = `
domain: shares
descriptors:
  - key: tenant
    rate_limit: { unit: second, requests_per_unit: ${LIMIT}, unit_multiplier: ${WINDOW} }
`;
const DEMANDS = [10, 30, 60];
const MIN_SHARE = 0.02;
const SHARE_CHANGE = 0.2;
const SETTINGS = {
  ...ruleDirectory({ 'shares.yaml': RULES }),
  // Two instances cannot share the content module's PGlite directory; only rate limiting runs.
  MODULES: 'ratelimit',
  RLQS_REPORT_INTERVAL: '1s',
  RLQS_MIN_SHARE: String(MIN_SHARE),
  RLQS_SHARE_CHANGE: String(SHARE_CHANGE),
};
/** docs/rlqs.md: the shares' sum, at most (1 + s)(1 + s/4)(1 + n·m). */
const GRANTED = (1 + SHARE_CHANGE) * (1 + SHARE_CHANGE / 4) * (1 + DEMANDS.length * MIN_SHARE);
/** docs/rlqs.md's bound on one instance: (G − 1)·L + n. */
const OVERSHOOT = Math.ceil((GRANTED - 1) * LIMIT) + DEMANDS.length;
/**
 * docs/rlqs.md's bound on several instances: Envoys not on the instance that saw the budget run
 * out may spend their last grant once more, G·(their fraction)·L; here Envoys 0 and 1 (demand 40
 * of 100) share the first instance.
 */
const OVERSHOOT_TWO_INSTANCES = OVERSHOOT + Math.ceil(GRANTED * 0.4 * LIMIT);

interface Outcome {
  /** Requests each Envoy admitted, per window (by the window its report was counted in). */
  readonly perWindow: Map<number, number[]>;
}

/** Subscribes the Envoys, then runs `windows` whole windows of one report per Envoy a second. */
async function run(envoys: readonly SimulatedEnvoy[], windows: number): Promise<Outcome> {
  const perWindow = new Map<number, number[]>();
  const count = (index: number, allowed: number) => {
    const window = Math.floor(Date.now() / 1000 / WINDOW);
    const row = perWindow.get(window) ?? DEMANDS.map(() => 0);
    row[index] += allowed;
    perWindow.set(window, row);
  };
  // Start a window afresh: the subscriptions (one request each) are its first counts.
  await atNextBoundary(WINDOW, 150);
  for (const [i, envoy] of envoys.entries()) {
    await envoy.subscribe();
    count(i, 1);
  }
  for (let second = 0; second < windows * WINDOW; second++) {
    await atNextBoundary(1, 250);
    for (const [i, envoy] of envoys.entries()) count(i, (await envoy.second()).allowed);
  }
  return { perWindow };
}

function expectFairWithinBound(
  { perWindow }: Outcome,
  overshoot: number,
  /** How far from its fair part (limit × demand / total demand) an Envoy's part may be. */
  tolerance: { below: number; above: number },
): void {
  const windows = [...perWindow.keys()].sort();
  for (const window of windows) {
    const total = perWindow.get(window)!.reduce((a, b) => a + b, 0);
    // Demand (100 a second) is four times the limit: the fleet uses it and stays within the bound.
    expect(total).toBeGreaterThanOrEqual(LIMIT * 0.8);
    expect(total).toBeLessThanOrEqual(LIMIT + overshoot);
  }
  // Once converged (the windows after the first), each Envoy's part follows its demand.
  const demandTotal = DEMANDS.reduce((a, b) => a + b, 0);
  for (const window of windows.slice(1)) {
    const row = perWindow.get(window)!;
    DEMANDS.forEach((demand, i) => {
      const fair = (LIMIT * demand) / demandTotal;
      expect(row[i]).toBeGreaterThanOrEqual(Math.floor(fair * tolerance.below));
      expect(row[i]).toBeLessThanOrEqual(Math.ceil(fair * tolerance.above) + 1);
    });
  }
}

describe('RLQS fair shares by demand', () => {
  it('one instance, memory store: 3 Envoys of unequal demand converge within the overshoot bound', async () => {
    const service = await startService(SETTINGS);
    const clients: grpc.Client[] = [];
    try {
      const envoys = DEMANDS.map((demand, i) => {
        const client = repeatedFormClient(service.grpcAddress);
        clients.push(client);
        return new SimulatedEnvoy(client, 'shares', { tenant: 'one', envoy: `e${i}` }, demand);
      });
      const outcome = await run(envoys, 3);
      process.stdout.write(`one instance: ${JSON.stringify([...outcome.perWindow.values()])}\n`);
      expectFairWithinBound(outcome, OVERSHOOT, { below: 0.8, above: 1.2 });
      for (const envoy of envoys) envoy.end();
    } finally {
      for (const client of clients) client.close();
      await service.stop();
    }
  }, 60_000);

  describe('two instances on one Redis', () => {
    let redis: RedisServer;
    let services: ServiceProcess[] = [];

    beforeAll(async () => {
      redis = await startRedis();
      services = await Promise.all([
        startService({ ...SETTINGS, KVSTORE_URL: redis.url }),
        startService({ ...SETTINGS, KVSTORE_URL: redis.url }),
      ]);
    }, 60_000);

    afterAll(async () => {
      await Promise.all(services.map((service) => service.stop()));
      await redis?.stop();
    });

    it('pool their Envoys’ demand: the fleet converges to the same fair shares within the bound', async () => {
      const clients: grpc.Client[] = [];
      try {
        // The busiest Envoy alone on the second instance: unpooled, it would get the whole limit.
        const envoys = DEMANDS.map((demand, i) => {
          const client = repeatedFormClient(services[i === 2 ? 1 : 0].grpcAddress);
          clients.push(client);
          return new SimulatedEnvoy(client, 'shares', { tenant: 'two', envoy: `e${i}` }, demand);
        });
        const outcome = await run(envoys, 3);
        process.stdout.write(`two instances: ${JSON.stringify([...outcome.perWindow.values()])}\n`);
        // The first instance's Envoys learn of the second's usage one report late: their parts
        // run above fair, never beyond the bound.
        expectFairWithinBound(outcome, OVERSHOOT_TWO_INSTANCES, { below: 0.6, above: 1.8 });
        for (const envoy of envoys) envoy.end();
      } finally {
        for (const client of clients) client.close();
      }
    }, 60_000);
  });
});
