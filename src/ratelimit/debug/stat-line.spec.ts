import { statLine } from './stat-line';

describe('statLine', () => {
  it('keeps ordinary names as they are', () => {
    expect(statLine('ratelimit.service.rate_limit.d.user_a.total_hits', 3)).toBe(
      'ratelimit.service.rate_limit.d.user_a.total_hits: 3\n',
    );
  });

  it('escapes control characters and backslashes: one stat, one line', () => {
    expect(statLine('d.user_a\nb: 999\r\t\u0000\u007f\u2028\\x', 1)).toBe(
      'd.user_a\\nb: 999\\r\\t\\u0000\\u007f\\u2028\\\\x: 1\n',
    );
    expect(statLine('a\nb', 1).split('\n')).toHaveLength(2);
  });
});
