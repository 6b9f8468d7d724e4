import { CallerAccounting } from './caller-accounting';
import { mergeHitters, SpaceSaving } from './space-saving';
import { RateLimitRule } from '../rules/tree';

/** A deterministic skewed stream: key i appears about N/(i+1)^1.2 times, interleaved. */
function zipfStream(keys: number, length: number, seed = 7): string[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const weights = Array.from({ length: keys }, (_, i) => 1 / Math.pow(i + 1, 1.2));
  const total = weights.reduce((a, b) => a + b, 0);
  const stream: string[] = [];
  for (let n = 0; n < length; n++) {
    let r = random() * total;
    let i = 0;
    while (r > weights[i] && i < keys - 1) r -= weights[i++];
    stream.push(`user=${i}`);
  }
  return stream;
}

describe('SpaceSaving', () => {
  it.each([8, 32, 100])(
    'with k=%i keeps every count within N/k of the truth, never under, and holds every key above N/k',
    (k) => {
      const sketch = new SpaceSaving(k);
      const stream = zipfStream(5000, 50_000);
      const truth = new Map<string, number>();
      for (const key of stream) {
        sketch.add(key, 1);
        truth.set(key, (truth.get(key) ?? 0) + 1);
      }
      const n = stream.length;
      expect(sketch.total).toBe(n);
      expect(sketch.size).toBe(k);
      const held = new Map(sketch.top().map((h) => [h.key, h]));
      for (const { key, count, error } of held.values()) {
        const exact = truth.get(key)!;
        expect(count).toBeGreaterThanOrEqual(exact);
        expect(count - error).toBeLessThanOrEqual(exact);
        expect(error).toBeLessThanOrEqual(n / k);
      }
      for (const [key, exact] of truth) {
        if (exact > n / k) expect(held.has(key)).toBe(true);
      }
    },
  );

  it('ranks the heaviest first, with weights, and forgets everything on clear', () => {
    const sketch = new SpaceSaving(3);
    for (const [key, weight] of [
      ['a', 5],
      ['b', 1],
      ['c', 2],
      ['a', 1],
      ['d', 1],
    ] as const) {
      sketch.add(key, weight);
    }
    const top = sketch.top();
    expect(top[0]).toEqual({ key: 'a', count: 6, error: 0 });
    // d replaced b (the smallest, count 1): count 2, error 1.
    expect(top.find((h) => h.key === 'd')).toEqual({ key: 'd', count: 2, error: 1 });
    expect(top.some((h) => h.key === 'b')).toBe(false);
    sketch.clear();
    expect(sketch.top()).toEqual([]);
    expect(sketch.total).toBe(0);
  });

  it('never holds more than k keys however many distinct values arrive', () => {
    const sketch = new SpaceSaving(16);
    for (let i = 0; i < 100_000; i++) sketch.add(`v${i}`, 1);
    expect(sketch.size).toBe(16);
    expect(sketch.top()).toHaveLength(16);
  });

  it('merges two windows by key', () => {
    expect(
      mergeHitters(
        [{ key: 'a', count: 3, error: 1 }],
        [
          { key: 'b', count: 5, error: 0 },
          { key: 'a', count: 4, error: 0 },
        ],
      ),
    ).toEqual([
      { key: 'a', count: 7, error: 1 },
      { key: 'b', count: 5, error: 0 },
    ]);
  });
});

describe('CallerAccounting', () => {
  const rule = { fullKey: 'd.user' } as RateLimitRule;
  const entries = (value: string) => [{ key: 'user', value }];

  it('counts hits and over-limit per caller over the current and previous window, then forgets', () => {
    const accounting = new CallerAccounting(4, 60_000);
    accounting.load([rule]);
    const t0 = 1_000_000_020_000;
    accounting.observe(rule, entries('a'), 1, false, t0);
    accounting.observe(rule, entries('a'), 1, true, t0);
    accounting.observe(rule, entries('b'), 3, false, t0);
    // Next window: the previous one still counts.
    accounting.observe(rule, entries('a'), 1, true, t0 + 60_000);
    let top = accounting.top('d.user', t0 + 60_000)!;
    expect(top.byHits.map((h) => [h.key, h.count])).toEqual([
      ['user=a', 3],
      ['user=b', 3],
    ]);
    expect(top.byOverLimit.map((h) => [h.key, h.count])).toEqual([['user=a', 2]]);
    // Two windows later nothing is recent.
    top = accounting.top('d.user', t0 + 180_000)!;
    expect(top.byHits).toEqual([]);
    expect(top.totalHits).toBe(0);
  });

  it('ignores rules it was not loaded with (request overrides)', () => {
    const accounting = new CallerAccounting(4, 60_000);
    accounting.load([rule]);
    accounting.observe({ fullKey: 'd.user' } as RateLimitRule, entries('a'), 1, false, 0);
    expect(accounting.top('d.user', 0)!.totalHits).toBe(0);
    expect(accounting.top('d.other', 0)).toBeUndefined();
  });
});
