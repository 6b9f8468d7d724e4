import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SystemClock } from '../../src/infra/clock/clock';
import { MemoryCounterStore } from '../../src/infra/counters/memory-counter-store';
import { Counter } from '../../src/infra/stats/counter';
import { StatsRegistry } from '../../src/infra/stats/registry';
import { loadSettings } from '../../src/settings/settings.loader';
import { RuleConfigHolder } from '../../src/ratelimit/config/rule-config.holder';
import { CallerAccounting } from '../../src/ratelimit/console/caller-accounting';
import { rulesOf } from '../../src/ratelimit/console/console-accounting';
import { RateLimitRequest } from '../../src/ratelimit/limiter/rate-limit.model';
import { RateLimitService } from '../../src/ratelimit/limiter/rate-limit.service';
import { compileRules } from '../../src/ratelimit/rules/compiler';
import { parseRuleFile } from '../../src/ratelimit/rules/rule-file.parser';
import { RuleStatsFactory } from '../../src/ratelimit/stats/rule-stats';
import { ServiceStats } from '../../src/ratelimit/stats/service-stats';
import { PROJECT_ROOT } from '../../test/support/service-process';

/*
 * A child script (run with --expose-gc): the limiter's decision path in process, on the memory
 * store, with the console's top-caller accounting on and off (two limiters, same rules), rounds
 * alternating; 1,000 distinct callers cycle so the sketches (k = 32) keep replacing entries. Then
 * the heap one rule's sketches hold when full of 80-byte descriptors.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const PER_ROUND = 200_000;
const CALLERS = 1000;

const text = readFileSync(join(PROJECT_ROOT, 'bench', 'rules', 'bench.yaml'), 'utf8');

function limiter(accounting: boolean): RateLimitService {
  const settings = loadSettings({});
  const registry = new StatsRegistry();
  const ruleStats = new RuleStatsFactory(registry);
  const holder = new RuleConfigHolder();
  const ruleSet = compileRules(
    [{ name: 'bench.yaml', document: parseRuleFile('bench.yaml', text) }],
    {
      mergeDomainConfig: false,
      statsFor: (key) => ruleStats.forKey(key),
    },
  );
  holder.replace(ruleSet);
  const clock = new SystemClock();
  const store = new MemoryCounterStore(clock, 1_000_000, new Counter('evicted'));
  let observer: CallerAccounting | undefined;
  if (accounting) {
    observer = new CallerAccounting(32, 60_000);
    observer.load(rulesOf(ruleSet).map(({ rule }) => rule));
  }
  return new RateLimitService(
    settings,
    holder,
    store,
    clock,
    ruleStats,
    new ServiceStats(registry),
    registry,
    undefined,
    observer,
  );
}

const request = (descriptors: number, caller: number): RateLimitRequest => ({
  domain: 'bench',
  hitsAddend: 0,
  descriptors: [
    ['user', `user-${caller}`],
    ['path', `/api/${caller % 50}`],
    ['tenant', `tenant-${caller % 7}`],
  ]
    .slice(0, descriptors)
    .map(([key, value]) => ({
      entries: [{ key, value }],
      limit: undefined,
      hitsAddend: undefined,
    })),
});

function nsPerDecision(service: RateLimitService, requests: RateLimitRequest[]): number {
  let answered = 0;
  const done = () => {
    answered++;
  };
  const started = process.hrtime.bigint();
  for (let i = 0; i < PER_ROUND; i++) service.decide(requests[i % requests.length], done);
  const elapsed = Number(process.hrtime.bigint() - started);
  if (answered !== PER_ROUND) throw new Error(`${answered} of ${PER_ROUND} answered synchronously`);
  return elapsed / PER_ROUND;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const results: Record<string, number> = {};
for (const descriptors of [1, 3]) {
  const requests = Array.from({ length: CALLERS }, (_, i) => request(descriptors, i));
  const on = limiter(true);
  const off = limiter(false);
  nsPerDecision(on, requests);
  nsPerDecision(off, requests);
  const runs = { on: [] as number[], off: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    for (const side of order) runs[side].push(nsPerDecision(side === 'on' ? on : off, requests));
  }
  results[`on${descriptors}`] = median(runs.on);
  results[`off${descriptors}`] = median(runs.off);
}

// One rule's four sketches, full: heap held per rule.
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const RULES = 500;
const rules = Array.from({ length: RULES }, (_, i) => ({ fullKey: `bench.rule_${i}` }));
gc();
const before = process.memoryUsage().heapUsed;
const accounting = new CallerAccounting(32, 60_000);
accounting.load(rules as never[]);
const padding = 'x'.repeat(60);
for (const window of [0, 60_000]) {
  for (const rule of rules) {
    for (let i = 0; i < 64; i++) {
      accounting.observe(
        rule as never,
        [{ key: 'user', value: `${padding}-${i}` }],
        1,
        true,
        1_000_000_000_000 + window,
      );
    }
  }
}
gc();
results.sketchBytesPerRule = (process.memoryUsage().heapUsed - before) / RULES;
// Still in use here, so the collection above could not free it.
results.sketchRules = accounting.top('bench.rule_0', 1_000_000_060_000)?.byHits.length ?? 0;
process.stdout.write(JSON.stringify(results) + '\n');
