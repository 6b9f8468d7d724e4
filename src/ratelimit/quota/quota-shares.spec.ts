import { Code } from '../limiter/rate-limit.model';
import { type Participant, QuotaShares } from './quota-shares';

const member = (demand: number): Participant => ({
  demand,
  refresh: () => undefined,
});

describe('the shares of a counter among the buckets reporting it', () => {
  it('divides by demand: each bucket its demand over the larger of the pooled and the local demand', () => {
    const shares = new QuotaShares(0.02);
    const [a, b, c] = [member(60), member(30), member(10)];
    for (const m of [a, b, c]) shares.join('g', m);
    // Only this process's streams report (pooled = their own sum).
    expect(shares.fraction('g', a, 100)).toBeCloseTo(0.6);
    expect(shares.fraction('g', c, undefined)).toBeCloseTo(0.1);
    // Another instance's Envoys report as much again: every share halves.
    expect(shares.fraction('g', a, 200)).toBeCloseTo(0.3);
    // A pooled figure below the local sum (the interval just began) never inflates a share.
    expect(shares.fraction('g', b, 40)).toBeCloseTo(0.3);
  });

  it('gives at least the minimum share, and splits equally while nobody has demand', () => {
    const shares = new QuotaShares(0.05);
    const [busy, idle] = [member(100), member(0)];
    shares.join('g', busy);
    shares.join('g', idle);
    expect(shares.fraction('g', idle, 100)).toBe(0.05);
    shares.setDemand('g', busy, 0);
    expect(shares.localDemand('g')).toBe(0);
    expect(shares.fraction('g', busy, 0)).toBe(0.5);
  });

  it('tells the other members of a group, and forgets members that leave', () => {
    const shares = new QuotaShares(0);
    const told: string[] = [];
    const named = (name: string): Participant => ({
      demand: 1,
      refresh: () => told.push(name),
    });
    const [x, y, z] = [named('x'), named('y'), named('z')];
    shares.join('g', x);
    shares.join('g', y);
    shares.join('h', z);
    expect(shares.size).toBe(3);
    const update = (remaining: number, code = Code.OK) => ({
      applied: undefined,
      status: { code, currentLimit: undefined, limitRemaining: remaining, durationUntilReset: 60 },
      pooled: 2,
    });
    shares.notifyOthers('g', new Set([x]), update(100));
    expect(told).toEqual(['y']);
    shares.leave('g', y);
    shares.notifyOthers('g', new Set([y]), update(50));
    expect(told).toEqual(['y', 'x']);
    expect(shares.size).toBe(2);
  });

  it('asks the others again only when the demand or the remaining moved past the gate, or the limit was crossed', () => {
    const shares = new QuotaShares(0, 0.1);
    let asked = 0;
    const [x, y] = [member(1), { demand: 1, refresh: () => (asked += 1) }];
    shares.join('g', x);
    shares.join('g', y);
    const update = (remaining: number, pooled = 2, code = Code.OK) => ({
      applied: undefined,
      status: { code, currentLimit: undefined, limitRemaining: remaining, durationUntilReset: 60 },
      pooled,
    });
    const from = new Set([x]);
    shares.notifyOthers('g', from, update(100));
    shares.notifyOthers('g', from, update(95));
    shares.notifyOthers('g', from, update(91, 2.1));
    expect(asked).toBe(1);
    shares.notifyOthers('g', from, update(89));
    expect(asked).toBe(2);
    shares.notifyOthers('g', from, update(89, 3));
    expect(asked).toBe(3);
    shares.notifyOthers('g', from, update(0, 3, Code.OVER_LIMIT));
    shares.notifyOthers('g', from, update(0, 3, Code.OVER_LIMIT));
    expect(asked).toBe(4);
  });
});
