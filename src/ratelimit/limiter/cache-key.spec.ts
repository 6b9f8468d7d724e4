import { cacheKey } from './cache-key';
import { secondsUntilReset, windowStart } from './fixed-window';

const e = (key: string, value: string) => ({ key, value });

describe('cache keys and fixed windows (docs/ratelimit.md#counting, docs/algorithms.md)', () => {
  it.each([
    [1234, 1, 1234, 1],
    [1234, 60, 1200, 26],
    [1000000, 3600, 997200, 800],
    [1000000, 86400, 950400, 36800],
    [2222, 60, 2220, 58],
    [1200, 60, 1200, 60],
  ])('t=%i window=%is starts at %i and resets in %is', (now, window, start, reset) => {
    expect(windowStart(now, window)).toBe(start);
    expect(secondsUntilReset(now, window)).toBe(reset);
  });

  it('builds upstream key strings', () => {
    expect(cacheKey('', 'domain', [e('key', 'value')], undefined, 1234)).toBe(
      'domain_key_value_1234',
    );
    expect(cacheKey('prefix:', 'domain', [e('key', 'value')], undefined, 1234)).toBe(
      'prefix:domain_key_value_1234',
    );
    expect(
      cacheKey('', 'domain', [e('key2', 'value2'), e('subkey2', 'subvalue2')], undefined, 1200),
    ).toBe('domain_key2_value2_subkey2_subvalue2_1200');
    expect(cacheKey('', 'domain', [e('key', '')], undefined, 5)).toBe('domain_key__5');
  });

  it('uses share_threshold patterns instead of values', () => {
    expect(cacheKey('', 'domain', [e('files', 'files/a')], ['files/*'], 1234)).toBe(
      'domain_files_files/*_1234',
    );
    expect(
      cacheKey(
        '',
        'domain',
        [e('parent', 'value1'), e('files', 'nested/x')],
        [undefined, 'nested/*'],
        1234,
      ),
    ).toBe('domain_parent_value1_files_nested/*_1234');
  });

  it("keeps upstream's unescaped format, collisions included (docs/decisions.md)", () => {
    // Instances of upstream sharing the store must agree on every key: no escaping of `_`.
    const across = cacheKey('', 'a', [e('b_c', 'd')], undefined, 60);
    expect(cacheKey('', 'a_b', [e('c', 'd')], undefined, 60)).toBe(across);
    const within = cacheKey('', 'web', [e('user', 'x_path_y')], undefined, 60);
    expect(cacheKey('', 'web', [e('user', 'x'), e('path', 'y')], undefined, 60)).toBe(within);
  });
});
