import { StatsRegistry } from '../../infra/stats/registry';
import { RuleStatsFactory } from '../stats/rule-stats';
import { decideLimit } from './limit-decision';

function run(limit: number, hits: number, after: number, shadow = false, ratio = 0.8) {
  const stats = new RuleStatsFactory(new StatsRegistry()).forKey('d.k');
  const outcome = decideLimit(limit, hits, after, ratio, shadow, stats);
  return {
    ...outcome,
    total: stats.totalHits.value,
    over: stats.overLimit.value,
    near: stats.nearLimit.value,
    within: stats.withinLimit.value,
    shadow: stats.shadowMode.value,
  };
}

describe('decideLimit: near/over/within arithmetic (docs/ratelimit.md#counting worked checks)', () => {
  it.each([
    // limit, hits, after → over?, remaining, over, near, within
    [15, 1, 11, false, 4, 0, 0, 1],
    [15, 1, 13, false, 2, 0, 1, 1],
    [15, 1, 16, true, 0, 1, 0, 0],
    [8, 2, 7, false, 1, 0, 1, 2],
    [20, 3, 19, false, 1, 0, 3, 3],
    [20, 3, 22, true, 0, 2, 1, 0],
    [20, 7, 22, true, 0, 2, 4, 0],
    [10, 3, 30, true, 0, 3, 0, 0],
    [0, 1, 1, true, 0, 1, 0, 0],
  ])('L=%i h=%i after=%i', (limit, hits, after, overLimit, remaining, over, near, within) => {
    const result = run(limit, hits, after);
    expect(result).toMatchObject({
      overLimit,
      remaining,
      over,
      near,
      within,
      total: hits,
      shadow: 0,
    });
  });

  it('addend 0 checks without consuming: over only when the count already exceeds the limit', () => {
    expect(run(10, 0, 11)).toMatchObject({ overLimit: true, over: 0, total: 0 });
    expect(run(10, 0, 10)).toMatchObject({ overLimit: false, remaining: 0, within: 0 });
  });

  it('shadow rules count the overridden hits', () => {
    expect(run(20, 3, 22, true)).toMatchObject({ overLimit: true, over: 2, shadow: 2 });
    expect(run(10, 3, 30, true)).toMatchObject({ overLimit: true, over: 3, shadow: 3 });
  });

  it('uses float32 for the near threshold', () => {
    // float32(0.7) * 10 = 7.0000000298... → 7, so after=8 is near.
    expect(run(10, 1, 8, false, 0.7)).toMatchObject({ near: 1 });
    expect(run(10, 1, 7, false, 0.7)).toMatchObject({ near: 0 });
  });
});
