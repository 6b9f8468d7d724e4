import { Code, DescriptorStatus, Unit } from '../ratelimit';
import { apiLimitHeaders, retryAfterSeconds } from './limit-headers';

const status = (
  code: Code,
  requestsPerUnit: number,
  unit: Unit,
  remaining: number,
  reset: number,
  name = '',
): DescriptorStatus => ({
  code,
  currentLimit: { requestsPerUnit, unit, name },
  limitRemaining: remaining,
  durationUntilReset: reset,
});
const NONE: DescriptorStatus = {
  code: Code.OK,
  currentLimit: undefined,
  limitRemaining: 0,
  durationUntilReset: undefined,
};

describe('apiLimitHeaders', () => {
  const allowed = [
    NONE,
    status(Code.OK, 100, Unit.HOUR, 40, 1800, 'per-ip'),
    status(Code.OK, 10, Unit.MINUTE, 7, 30),
  ];

  it('draft: the descriptor with the least remaining', () => {
    expect(apiLimitHeaders(allowed, 'draft', false)).toEqual([
      ['RateLimit-Limit', '10'],
      ['RateLimit-Remaining', '7'],
      ['RateLimit-Reset', '30'],
    ]);
  });

  it('envoy: least remaining, and every limit as a quota policy', () => {
    expect(apiLimitHeaders(allowed, 'envoy', false)).toEqual([
      ['X-RateLimit-Limit', '10, 100;w=3600;name="per-ip", 10;w=60'],
      ['X-RateLimit-Remaining', '7'],
      ['X-RateLimit-Reset', '30'],
    ]);
  });

  it('both, or none', () => {
    expect(apiLimitHeaders(allowed, 'both', false).map(([name]) => name)).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(apiLimitHeaders(allowed, 'none', false)).toEqual([]);
  });

  it('nothing when no descriptor had a limit', () => {
    expect(apiLimitHeaders([NONE, NONE], 'both', false)).toEqual([]);
  });

  it('draft: an over-limit descriptor wins over one with less remaining, unless a quota', () => {
    const statuses = [
      status(Code.OK, 5, Unit.SECOND, 0, 1),
      status(Code.OVER_LIMIT, 100, Unit.HOUR, 0, 1800),
      status(Code.OK, 5, Unit.SECOND, 0, 1),
    ];
    expect(apiLimitHeaders(statuses, 'draft', false)[0]).toEqual(['RateLimit-Limit', '100']);
    expect(apiLimitHeaders(statuses, 'draft', true)[0]).toEqual(['RateLimit-Limit', '5']);
  });
});

describe('retryAfterSeconds', () => {
  it('is when the last refusing window ends', () => {
    expect(
      retryAfterSeconds([
        status(Code.OVER_LIMIT, 10, Unit.MINUTE, 0, 42),
        status(Code.OK, 5, Unit.HOUR, 0, 3000),
        status(Code.OVER_LIMIT, 5, Unit.SECOND, 0, 1),
      ]),
    ).toBe(42);
  });

  it('is at least 1', () => {
    expect(retryAfterSeconds([NONE])).toBe(1);
  });
});
