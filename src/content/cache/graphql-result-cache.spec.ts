import { MemorySharedCache } from '../../infra/cache/memory-shared-cache';
import { SharedCacheError } from '../../infra/cache/shared-cache.port';
import { ManualClock } from '../../infra/clock/clock';
import { StatsRegistry } from '../../infra/stats/registry';
import type { Settings } from '../../settings/settings';
import type { GraphqlOperation, GraphqlResult } from '../graphql/content-graphql';
import { SwappableModelSource } from '../graphql/content-graphql.fixtures';
import { ContentModelIndex } from '../model/content-model.index';
import { ElementKinds } from '../model/element-kinds';
import { modelWith, schemaDefinition } from '../schemas/schemas.fixtures';
import { ContentScheduleRepository } from './content-schedule.repository';
import { CACHE_STATS, CachedOperation, GraphqlResultCache } from './graphql-result-cache';
import type { InvalidationWebhook } from './invalidation-webhook';

const T0 = Date.parse('2030-06-01T12:00:00Z');
const HOUR = 3_600_000;
const partner = schemaDefinition('partner');
const other = schemaDefinition('other');

/** The repository's answer, set by each test (the SQL itself is tested against PostgreSQL). */
class FixedSchedule extends ContentScheduleRepository {
  next: Date | null = null;
  calls = 0;
  down = false;
  constructor() {
    super(undefined as never);
  }
  override nextStatusChange(): Promise<Date | null> {
    this.calls++;
    return this.down ? Promise.reject(new Error('database down')) : Promise.resolve(this.next);
  }
}

/** What the cache asked the webhook to send. */
class RecordingWebhook {
  readonly sent: (readonly string[])[] = [];
  notify(tags: readonly string[]): void {
    this.sent.push(tags);
  }
}

/** The memory adapter, switched off and on like a store that goes away. */
class FlakyCache extends MemorySharedCache {
  down = false;
  override lookup(namespace: string, key: string) {
    return this.down ? Promise.reject(new SharedCacheError('down')) : super.lookup(namespace, key);
  }
  override invalidate(namespace: string) {
    return this.down ? Promise.reject(new SharedCacheError('down')) : super.invalidate(namespace);
  }
}

function settings(content: Partial<Settings['content']> = {}): Settings {
  return {
    content: {
      cache: true,
      cacheTtl: HOUR,
      cacheMaxEntryBytes: 10_000,
      devMode: false,
      maxResults: 0,
      ...content,
    },
  } as unknown as Settings;
}

let clock: ManualClock;
let store: FlakyCache;
let models: SwappableModelSource;
let schedule: FixedSchedule;
let stats: StatsRegistry;
let webhook: RecordingWebhook;
let executed: number;

function resultCache(content: Partial<Settings['content']> = {}): GraphqlResultCache {
  return new GraphqlResultCache(
    settings(content),
    store,
    models,
    clock,
    schedule,
    stats,
    webhook as unknown as InvalidationWebhook,
  );
}

const operation = (
  query: string,
  variables: Record<string, unknown> | null = null,
  operationName: string | null = null,
): GraphqlOperation => ({ query, variables, operationName });

const request = (
  op: GraphqlOperation,
  overrides: Partial<CachedOperation> = {},
): CachedOperation => ({
  schema: partner,
  operation: op,
  privileged: false,
  cacheHeader: undefined,
  ...overrides,
});

/**
 * Answers through the cache, parsed; the executor returns a result naming how many runs there
 * were.
 */
async function ask(
  cache: GraphqlResultCache,
  req: CachedOperation,
  result?: GraphqlResult,
): Promise<unknown> {
  const answer = await cache.answer(req, () => {
    executed++;
    return Promise.resolve(result ?? { data: { run: executed } });
  });
  return JSON.parse(answer.json);
}

const count = (name: string) => stats.snapshot().find(([statName]) => statName === name)?.[1] ?? 0;

beforeEach(() => {
  clock = new ManualClock(T0);
  store = new FlakyCache(clock, 1_000_000);
  models = new SwappableModelSource(modelWith([partner, other]));
  schedule = new FixedSchedule();
  stats = new StatsRegistry();
  webhook = new RecordingWebhook();
  executed = 0;
});

async function booted(content: Partial<Settings['content']> = {}): Promise<GraphqlResultCache> {
  const cache = resultCache(content);
  await cache.onApplicationBootstrap();
  return cache;
}

describe('GraphqlResultCache', () => {
  it('answers a repeated operation from the cache', async () => {
    const cache = await booted();
    const req = request(operation('{ entries { id } }'));
    expect(await ask(cache, req)).toEqual({ data: { run: 1 } });
    expect(await ask(cache, req)).toEqual({ data: { run: 1 } });
    expect(executed).toBe(1);
    expect([count(CACHE_STATS.hits), count(CACHE_STATS.misses)]).toEqual([1, 1]);
  });

  it('keys by schema, admin access, query text, variables and operation name', async () => {
    const cache = await booted();
    const query = 'query q($a: Int, $b: Int) { entries { id } }';
    await ask(cache, request(operation(query, { a: 1, b: 2 })));
    await ask(cache, request(operation(query, { b: 2, a: 1 }))); // same variables
    expect(executed).toBe(1);
    await ask(cache, request(operation(query, { a: 1, b: 3 })));
    await ask(cache, request(operation(query, { a: 1, b: 2 }, 'q')));
    await ask(cache, request(operation(`${query} `, { a: 1, b: 2 })));
    await ask(cache, request(operation(query, { a: 1, b: 2 }), { schema: other }));
    await ask(cache, request(operation(query, { a: 1, b: 2 }), { privileged: true }));
    expect(executed).toBe(6);
  });

  it('does not cache mutations, errors, no-cache requests, or dates relative to now', async () => {
    const cache = await booted();
    const twice = async (req: CachedOperation, result?: GraphqlResult) => {
      await ask(cache, req, result);
      await ask(cache, req, result);
    };
    await twice(request(operation('mutation { ping }')));
    await twice(request(operation('query a { ping } mutation b { ping }', null, 'a')));
    await twice(request(operation('{ nothing }')), { errors: [{ message: 'x' }] });
    await twice(request(operation('{ ping }'), { cacheHeader: 'No-Cache' }));
    await twice(request(operation('{ entries(postDate: "<= now") { id } }')));
    await twice(
      request(
        operation('query ($d: [QueryArgument]) { entries(postDate: $d) { id } }', { d: ['< now'] }),
      ),
    );
    expect(executed).toBe(12);
    // A no-cache request does not store either: the next plain request misses.
    await ask(cache, request(operation('{ ping }')));
    expect(executed).toBe(13);
  });

  it('does not cache requests whose variables exceed 64 KiB of JSON (keying them costs too much)', async () => {
    const cache = await booted();
    const query = 'query ($s: String) { entries(search: $s) { id } }';
    const largest = operation(query, { s: 'x'.repeat(64 * 1024 - 8) }); // {"s":"…"} is 64 KiB
    await ask(cache, request(largest));
    await ask(cache, request(largest));
    expect(executed).toBe(1);
    const larger = operation(query, { s: 'x'.repeat(64 * 1024 - 7) });
    await ask(cache, request(larger));
    await ask(cache, request(larger));
    expect(executed).toBe(3);
  });

  it('does nothing with GRAPHQL_CACHE off, but still invalidates for other instances', async () => {
    const cache = await booted({ cache: false });
    const req = request(operation('{ ping }'));
    await ask(cache, req);
    await ask(cache, req);
    expect(executed).toBe(2);
    const { generation } = await store.lookup('graphql', 'x');
    await cache.invalidate();
    expect((await store.lookup('graphql', 'x')).generation).not.toEqual(generation);
  });

  it('misses after invalidate() and after a model change', async () => {
    const cache = await booted();
    const req = request(operation('{ ping }'));
    await ask(cache, req);
    await cache.invalidate();
    await ask(cache, req);
    expect(executed).toBe(2);
    models.replace(new ContentModelIndex({ ...modelWith([partner]).model, version: 'v2' }));
    await new Promise((resolve) => setImmediate(resolve));
    await ask(cache, req);
    await ask(cache, req);
    expect(executed).toBe(3);
  });

  it('keeps entries GRAPHQL_CACHE_TTL, and not past the next scheduled status change', async () => {
    const cache = await booted();
    const req = request(operation('{ ping }'));
    await ask(cache, req);
    clock.advance(HOUR - 1);
    await ask(cache, req);
    expect(executed).toBe(1);
    clock.advance(1);
    await ask(cache, req);
    expect(executed).toBe(2);

    schedule.next = new Date(clock.nowMs() + 5000);
    await cache.invalidate();
    await ask(cache, req);
    clock.advance(4999);
    await ask(cache, req);
    expect(executed).toBe(3);
    clock.advance(1);
    await ask(cache, req);
    expect(executed).toBe(4);
    // The schedule is read once per generation, and again once its instant has passed.
    expect(schedule.calls).toBe(3);
  });

  it('does not store results larger than GRAPHQL_CACHE_MAX_ENTRY_BYTES', async () => {
    const cache = await booted({ cacheMaxEntryBytes: 20 });
    const req = request(operation('{ ping }'));
    const big = { data: { text: 'x'.repeat(20) } };
    await ask(cache, req, big);
    await ask(cache, req, big);
    expect(executed).toBe(2);
  });

  it('answers without the cache while the store is down', async () => {
    const cache = await booted();
    const req = request(operation('{ ping }'));
    await ask(cache, req);
    store.down = true;
    expect(await ask(cache, req)).toEqual({ data: { run: 2 } });
    expect(count(CACHE_STATS.errors)).toBe(1);
    store.down = false;
    expect(await ask(cache, req)).toEqual({ data: { run: 1 } });
  });

  it('stays off the cache after a failed invalidation until one succeeds', async () => {
    const cache = await booted();
    const req = request(operation('{ ping }'));
    await ask(cache, req);
    store.down = true;
    await cache.invalidate(); // does not throw
    store.down = false;
    // The retried invalidation reaches the store before the lookup: the old entry is gone.
    expect(await ask(cache, req)).toEqual({ data: { run: 2 } });
    expect(await ask(cache, req)).toEqual({ data: { run: 2 } });
  });

  it('invalidates when it starts: entries of an earlier process are not served', async () => {
    const first = await booted();
    const req = request(operation('{ ping }'));
    await ask(first, req);
    const second = await booted();
    await ask(second, req);
    expect(executed).toBe(2);
  });

  it('keeps the cache tags an execution recorded with its entry, for later requests', async () => {
    const cache = await booted();
    const op = operation('{ entries { id } }');
    const recorded = new Set<string>();
    await cache.answer(request(op, { tags: recorded }), () => {
      executed++;
      recorded.add('element-1');
      return Promise.resolve({ data: { run: executed } });
    });
    const later = new Set<string>();
    expect(await ask(cache, request(op, { tags: later }))).toEqual({ data: { run: 1 } });
    expect([executed, [...later]]).toEqual([1, ['element-1']]);
    // A request without tags (a token on the public schema) reads the same entry.
    expect(await ask(cache, request(op))).toEqual({ data: { run: 1 } });
    expect(executed).toBe(1);
  });

  it('runs again an entry stored without tags for a request that needs them', async () => {
    const cache = await booted();
    const op = operation('{ entries { id } }');
    await ask(cache, request(op));
    const tags = new Set<string>();
    await cache.answer(request(op, { tags }), () => {
      executed++;
      tags.add('element-2');
      return Promise.resolve({ data: { run: executed } });
    });
    expect(executed).toBe(2);
    // Stored again, with its tags: both kinds of request hit.
    const later = new Set<string>();
    expect(await ask(cache, request(op, { tags: later }))).toEqual({ data: { run: 2 } });
    expect(await ask(cache, request(op))).toEqual({ data: { run: 2 } });
    expect([executed, [...later]]).toEqual([2, ['element-2']]);
  });

  it('tells the webhook what changed: a mutation its elements, anything else everything', async () => {
    const cache = await booted();
    // Nothing changed for CDNs when an instance starts.
    expect(webhook.sent).toEqual([]);
    await cache.invalidate([{ id: 7, kind: ElementKinds.entry, containerId: 5 }]);
    await cache.invalidate();
    models.replace(new ContentModelIndex({ ...modelWith([partner]).model, version: 'v2' }));
    await new Promise((resolve) => setImmediate(resolve));
    // Also when the shared cache is down: the write committed all the same.
    store.down = true;
    await cache.invalidate([{ id: 8, kind: ElementKinds.user, containerId: null }]);
    expect(webhook.sent).toEqual([
      ['element-7', 'section-id5', 'content-overflow'],
      ['content'],
      ['content'],
      ['element-8', 'users', 'content-overflow'],
    ]);
  });

  it('knows the time to the next scheduled status change, read once per generation', async () => {
    const cache = await booted();
    schedule.next = new Date(T0 + 90_000);
    expect(await cache.untilNextStatusChange()).toBe(90_000);
    await ask(cache, request(operation('{ ping }')));
    const calls = schedule.calls;
    clock.advance(30_000);
    expect(await cache.untilNextStatusChange()).toBe(60_000);
    expect(schedule.calls).toBe(calls);
    // Another generation (a write) reads it again.
    schedule.next = null;
    await cache.invalidate();
    await ask(cache, request(operation('{ ping }')));
    expect(await cache.untilNextStatusChange()).toBeNull();
    schedule.down = true;
    await cache.invalidate();
    expect(await cache.untilNextStatusChange()).toBe(0);
  });

  it('with the cache off, reads the schedule from the store each time', async () => {
    const cache = await booted({ cache: false });
    schedule.next = new Date(T0 + 5000);
    expect(await cache.untilNextStatusChange()).toBe(5000);
    expect(await cache.untilNextStatusChange()).toBe(5000);
    expect(schedule.calls).toBe(2);
  });
});
