import * as grpc from '@grpc/grpc-js';
import { startDecisionLoad } from '../support/decision-load';
import { eventually } from '../support/eventually';
import { withClient } from '../support/redis/process';
import { startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { startService } from '../support/service-process';

const RULES = `
domain: readonly
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 1000000000}
`;
const REQUEST = {
  domain: 'readonly',
  descriptors: [{ entries: [{ key: 'user', value: 'steady' }] }],
};

/** Ids of the connections on `port` that ran the counter script (the service's; not ours). */
async function scriptConnections(port: number): Promise<string[]> {
  const list = await withClient({ port }, (c) => c.client('LIST') as Promise<string>);
  return list
    .split('\n')
    .filter((line) => / cmd=eval(sha)? /.test(line))
    .map((line) => /^id=(\d+)/.exec(line)![1]);
}

/*
 * A store demoted to a replica under the service's open connection (what a failover does to the
 * old primary while a client stays connected to it) answers every write READONLY; Redis keeps the
 * connection open. The service must drop that connection and make a new one (upstream PR #1191),
 * and serve again once the server is writable.
 */
describe('a connection answering READONLY', () => {
  it('is dropped and re-made; decisions fail with UNAVAILABLE / 503 meanwhile and succeed after', async () => {
    const [store, other] = [await startRedis(), await startRedis()];
    const service = await startService({
      ...ruleDirectory({ 'readonly.yaml': RULES }),
      MODULES: 'ratelimit',
      KVSTORE_URL: store.url,
    });
    const load = startDecisionLoad(service, REQUEST);
    try {
      await eventually('steady successes', () =>
        load.grpc.outcomes.filter((o) => o.ok).length > 100 ? true : undefined,
      );
      const [before] = await scriptConnections(store.port);
      expect(before).toBeDefined();
      const demotedAt = performance.now();
      await withClient({ port: store.port }, (c) => c.replicaof(other.host, other.port));
      await eventually('READONLY answers', () =>
        load.after(demotedAt).some((o) => !o.ok && /READONLY/.test(o.error ?? ''))
          ? true
          : undefined,
      );
      // Redis itself never closes it: only the service can have dropped and re-made it. Up to
      // 15 s: the reconnect backs off (to 2 s) and a loaded CI machine once took longer than 5 s.
      await eventually(
        'the service on a new connection',
        async () => {
          const now = await scriptConnections(store.port);
          return now.length > 0 && !now.includes(before) ? true : undefined;
        },
        15_000,
      );
      await withClient({ port: store.port }, (c) => c.replicaof('NO', 'ONE'));
      const writableAt = performance.now();
      await eventually('successes on both transports', () =>
        load.grpc.after(writableAt).filter((o) => o.ok).length > 50 &&
        load.json.after(writableAt).filter((o) => o.ok).length > 50
          ? true
          : undefined,
      );
      for (const failure of load.grpc.after(demotedAt).filter((o) => !o.ok)) {
        expect(failure.error).toMatch(
          new RegExp(`^${grpc.status.UNAVAILABLE}: counter store \\(kvstore\\) failed: `),
        );
      }
      for (const failure of load.json.after(demotedAt).filter((o) => !o.ok)) {
        expect(failure.error).toMatch(/^status 503: /);
      }
    } finally {
      await load.stop();
      await service.stop();
      await store.stop();
      await other.stop();
    }
  });
});
