import { takeTokens } from '../../infra/counters/token-bucket';
import {
  slidingEstimate,
  slidingSecondsUntilAllowed,
  tokenMsUntilAvailable,
  tokenSecondsUntilFull,
} from './algorithms';

describe('sliding window arithmetic', () => {
  it('weighs the previous window by the part of it still inside the sliding window', () => {
    // 30 % into the window: 70 % of the previous window's 10 still count.
    expect(slidingEstimate(2, 10, 0.3)).toBe(9);
    expect(slidingEstimate(0, 10, 0)).toBe(10);
    expect(slidingEstimate(5, 10, 1)).toBe(5);
    // 7.000000000000001 is 7, not 8.
    expect(slidingEstimate(0, 10, 0.3)).toBe(7);
    // A fraction of a request rounds up: 0.5 of 3 = 1.5 counts as 2 (over a limit of 1 exactly
    // when the real estimate is).
    expect(slidingEstimate(0, 3, 0.5)).toBe(2);
  });

  it('at a window boundary the current window becomes the previous one', () => {
    // End of a window with 4 counted, then the first instant of the next: still 4.
    expect(slidingEstimate(4, 0, 0.999999)).toBe(4);
    expect(slidingEstimate(0, 4, 0)).toBe(4);
  });

  it('says when one more request fits: now, after the previous window fades, or next window', () => {
    // limit 10, 2 now, 10 before, 30 % in: estimate 9 → one more fits now.
    expect(slidingSecondsUntilAllowed(10, 2, 10, 0.3, 60)).toBe(0);
    // limit 5, 2 now, 10 before, 30 % in: needs 10(1-f) + 3 ≤ 5 → f ≥ 0.8: 0.5 × 60 = 30 s.
    expect(slidingSecondsUntilAllowed(5, 2, 10, 0.3, 60)).toBe(30);
    // limit 5, 5 now: the current window must end (42 s) and fade to 4/5 → +12 s = 54 s.
    expect(slidingSecondsUntilAllowed(5, 5, 0, 0.3, 60)).toBe(54);
    // Capped at the window length.
    expect(slidingSecondsUntilAllowed(5, 50, 0, 0.1, 60)).toBe(60);
    // A limit of 0 never admits one.
    expect(slidingSecondsUntilAllowed(0, 0, 0, 0.5, 60)).toBe(60);
  });
});

describe('token bucket arithmetic', () => {
  it('starts full, takes hits while there are tokens, and takes nothing when there are not', () => {
    const first = takeTokens(undefined, 0, 5, 0.001, 3, 1000);
    expect(first).toEqual({ taken: true, tokens: 2 });
    const refused = takeTokens(first.tokens, 1000, 5, 0.001, 3, 1000);
    expect(refused).toEqual({ taken: false, tokens: 2 });
  });

  it('refills continuously after idle time, never beyond the capacity', () => {
    // One token per second: 1.5 s after holding 1 token there are 2.5.
    expect(takeTokens(1, 0, 5, 0.001, 0, 1500)).toEqual({ taken: true, tokens: 2.5 });
    expect(takeTokens(1, 0, 5, 0.001, 0, 3_600_000)).toEqual({ taken: true, tokens: 5 });
    // A clock that went back refills nothing.
    expect(takeTokens(1, 5000, 5, 0.001, 1, 1000)).toEqual({ taken: true, tokens: 0 });
  });

  it('hits_addend 0 reads without taking, and hits above 1 take that many', () => {
    expect(takeTokens(2, 0, 5, 0, 0, 0)).toEqual({ taken: true, tokens: 2 });
    expect(takeTokens(4, 0, 5, 0, 3, 0)).toEqual({ taken: true, tokens: 1 });
  });

  it('tells the time until full and until enough tokens are back', () => {
    expect(tokenSecondsUntilFull(5, 2, 0.001)).toBe(3);
    expect(tokenSecondsUntilFull(5, 5, 0.001)).toBe(0);
    expect(tokenSecondsUntilFull(5, 2, 0)).toBe(Infinity);
    expect(tokenMsUntilAvailable(3, 2.5, 0.001)).toBe(500);
    expect(tokenMsUntilAvailable(1, 2, 0.001)).toBe(0);
  });
});
