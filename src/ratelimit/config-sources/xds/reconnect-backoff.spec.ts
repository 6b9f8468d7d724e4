import { BackoffPolicy, connectRetryDelay, reconnectDelay } from './reconnect-backoff';

const policy = (overrides: Partial<BackoffPolicy> = {}): BackoffPolicy => ({
  initial: 1000,
  max: 60_000,
  factor: 2,
  jitter: false,
  ...overrides,
});
const fixed = (value: number) => () => value;

describe('xDS reconnect backoff', () => {
  it('grows by the factor per attempt from the initial interval', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, policy()))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('stops at the maximum', () => {
    expect(reconnectDelay(6, policy())).toBe(60_000);
    expect(reconnectDelay(1000, policy())).toBe(60_000);
  });

  it('never grows with a factor below 1, the upstream default of 0.5', () => {
    expect([0, 1, 5].map((attempt) => reconnectDelay(attempt, policy({ factor: 0.5 })))).toEqual([
      1000, 1000, 1000,
    ]);
  });

  it('with jitter picks uniformly between the initial interval and the grown delay', () => {
    const jittered = policy({ jitter: true });
    expect(reconnectDelay(2, jittered, fixed(0))).toBe(1000);
    expect(reconnectDelay(2, jittered, fixed(0.5))).toBe(2500);
    expect(reconnectDelay(2, jittered, fixed(0.999999))).toBe(3999);
    // The first attempt has nothing to spread over.
    expect(reconnectDelay(0, jittered, fixed(0.7))).toBe(1000);
  });

  it('returns the maximum when the initial interval is not below it', () => {
    expect(reconnectDelay(0, policy({ initial: 5000, max: 2000 }))).toBe(2000);
  });

  it('treats zero settings as unset: 100 ms initial, 10 s maximum, factor 2', () => {
    expect(reconnectDelay(0, policy({ initial: 0 }))).toBe(100);
    expect(reconnectDelay(3, policy({ initial: 0, max: 0, factor: 0 }))).toBe(800);
    expect(reconnectDelay(20, policy({ initial: 0, max: 0 }))).toBe(10_000);
  });

  it('retries an unreachable server linearly within ±50% of the interval', () => {
    expect(connectRetryDelay(3000, fixed(0))).toBe(1500);
    expect(connectRetryDelay(3000, fixed(0.5))).toBe(3000);
    expect(connectRetryDelay(3000, fixed(0.999999))).toBe(4499);
    expect(connectRetryDelay(0, fixed(0.5))).toBe(100);
  });
});
