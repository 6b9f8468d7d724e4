import { ManualClock } from '../../infra/clock/clock';
import { MemoryCounterStore } from '../../infra/counters/memory-counter-store';
import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { loadSettings } from '../../settings/settings.loader';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { compileRules } from '../rules/compiler';
import { parseRuleFile } from '../rules/rule-file.parser';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { longerThan } from './descriptor-size';
import { Code, InvalidRateLimitRequestError, RateLimitRequest } from './rate-limit.model';
import { RateLimitService } from './rate-limit.service';

/*
 * What a caller of gRPC or /json may not do (docs/reliability.md#abusive-or-broken-clients):
 * descriptors over the size caps, and the API guard's reserved domain, whose counters live in a
 * store of their own.
 */

const RULES = `
domain: open
descriptors:
  - {key: user, rate_limit: {unit: minute, requests_per_unit: 1000000}}
---
domain: api
descriptors:
  - key: api
    value: teams
    descriptors:
      - {key: token, rate_limit: {unit: minute, requests_per_unit: 2}}
`;

function harness(env: Record<string, string> = {}) {
  const settings = loadSettings({ API_RATE_LIMIT_DOMAIN: 'api', ...env });
  const registry = new StatsRegistry();
  const ruleStats = new RuleStatsFactory(registry);
  const holder = new RuleConfigHolder();
  holder.replace(
    compileRules(
      RULES.split('---').map((text, i) => ({
        name: `r${i}.yaml`,
        document: parseRuleFile(`r${i}.yaml`, text),
      })),
      { mergeDomainConfig: false, statsFor: (key) => ruleStats.forKey(key) },
    ),
  );
  const clock = new ManualClock(1_000_000);
  const shared = new MemoryCounterStore(clock, 1000, new Counter('evicted'));
  const reserved = new MemoryCounterStore(clock, 1000, new Counter('reserved.evicted'));
  const service = new RateLimitService(
    settings,
    holder,
    shared,
    clock,
    ruleStats,
    new ServiceStats(registry),
    registry,
    reserved,
  );
  const decide = (request: RateLimitRequest) =>
    new Promise<{ error: Error | null; code?: Code }>((resolve) =>
      service.decide(request, (error, response) => resolve({ error, code: response?.overallCode })),
    );
  return { service, shared, reserved, decide };
}

const request = (domain: string, entries: Array<[string, string]>, hitsAddend = 1) => ({
  domain,
  descriptors: [
    { entries: entries.map(([key, value]) => ({ key, value })), limit: undefined, hitsAddend },
  ],
  hitsAddend,
});

describe('descriptor size caps', () => {
  it('refuse a value over MAX_DESCRIPTOR_VALUE_BYTES (1 KiB) with INVALID_ARGUMENT, storing nothing', async () => {
    const { decide, shared } = harness();
    expect((await decide(request('open', [['user', 'v'.repeat(1024)]]))).error).toBeNull();
    const { error } = await decide(request('open', [['user', 'v'.repeat(1025)]]));
    expect(error).toBeInstanceOf(InvalidRateLimitRequestError);
    expect(error!.message).toBe(
      'descriptors[0].entries[0].value is longer than 1024 bytes (MAX_DESCRIPTOR_VALUE_BYTES)',
    );
    // A megabyte value costs the store nothing.
    await decide(request('open', [['user', 'x'.repeat(1 << 20)]]));
    expect(shared.size).toBe(1);
  });

  it('count UTF-8 bytes, not characters', async () => {
    const { decide } = harness();
    const threeBytes = '€'; // one UTF-16 unit, three UTF-8 bytes
    expect((await decide(request('open', [['user', threeBytes.repeat(341)]]))).error).toBeNull();
    expect(
      (await decide(request('open', [['user', threeBytes.repeat(342)]]))).error?.message,
    ).toMatch(/value is longer than 1024 bytes/);
    expect(longerThan('😀'.repeat(256), 1024)).toBe(false);
    expect(longerThan('😀'.repeat(257), 1024)).toBe(true);
  });

  it('refuse a key over MAX_DESCRIPTOR_KEY_BYTES and a counter key over MAX_CACHE_KEY_BYTES', async () => {
    const { decide } = harness({
      MAX_DESCRIPTOR_KEY_BYTES: '16',
      MAX_CACHE_KEY_BYTES: '64',
      CACHE_KEY_PREFIX: 'p_',
    });
    const key = await decide(request('open', [['k'.repeat(17), 'v']]));
    expect(key.error?.message).toBe(
      'descriptors[0].entries[0].key is longer than 16 bytes (MAX_DESCRIPTOR_KEY_BYTES)',
    );
    // `p_open_user_<value>_`: 13 bytes and the value's.
    expect((await decide(request('open', [['user', 'v'.repeat(51)]]))).error).toBeNull();
    const total = await decide(request('open', [['user', 'v'.repeat(52)]]));
    expect(total.error?.message).toBe(
      'descriptors[0] makes a counter key longer than 64 bytes (MAX_CACHE_KEY_BYTES)',
    );
  });
});

describe('the reserved domain (API_RATE_LIMIT_DOMAIN)', () => {
  it('is refused to gRPC and /json callers, whatever they send', async () => {
    const { decide, reserved } = harness();
    const { error } = await decide(
      request(
        'api',
        [
          ['api', 'teams'],
          ['token', 'x'],
        ],
        1_000_000,
      ),
    );
    expect(error).toBeInstanceOf(InvalidRateLimitRequestError);
    expect(error!.message).toMatch(
      /^rate limit domain "api" is reserved for this service's own API rate limits \(API_RATE_LIMIT_DOMAIN\)/,
    );
    expect(reserved.size).toBe(0);
  });

  it('is decided in process on its own store, which other domains cannot evict', async () => {
    const { service, decide, shared, reserved } = harness();
    const guard = request('api', [
      ['api', 'teams'],
      ['token', 'caller'],
    ]);
    expect((await service.shouldRateLimitReserved(guard)).overallCode).toBe(Code.OK);
    // Other domains fill the shared store many times over.
    for (let i = 0; i < 3000; i++) await decide(request('open', [['user', `u${i}`]]));
    expect(shared.size).toBe(1000);
    expect(reserved.size).toBe(1);
    expect((await service.shouldRateLimitReserved(guard)).overallCode).toBe(Code.OK);
    expect((await service.shouldRateLimitReserved(guard)).overallCode).toBe(Code.OVER_LIMIT);
  });

  it('is the only domain the in-process path decides', async () => {
    const { service } = harness();
    await expect(service.shouldRateLimitReserved(request('open', [['user', 'a']]))).rejects.toThrow(
      InvalidRateLimitRequestError,
    );
  });
});
