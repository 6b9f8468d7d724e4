import { GlobPattern } from './glob-pattern';

describe('GlobPattern', () => {
  it.each([
    ['wild_foo*', 'wild_foo1', true],
    ['wild_foo*', 'wild_foo', true],
    ['wild_foo*', 'wild_bar', false],
    ['midWild_bar*b', 'midWild_barab', true],
    ['midWild_bar*b', 'midWild_bar123b', true],
    ['midWild_bar*b', 'midWild_barb', true],
    ['midWild_bar*b', 'midWild_bara', false],
    ['midWild_bar*b', 'xmidWild_barb', false],
    ['multiWild_foo*bar*baz', 'multiWild_foo123bar456baz', true],
    ['multiWild_foo*bar*baz', 'multiWild_foobarbaz', true],
    ['multiWild_foo*bar*baz', 'multiWild_foo123baz', false],
    ['multiWild_foo*bar*baz', 'multiWild_bar456baz', false],
    ['midpath_/api*v1', 'midpath_/api/v2', false],
    ['multiroute_svc*ep*rpc', 'multiroute_svcABCrpc', false],
    ['multiroute_svc*ep*rpc', 'multiroute_svcXepYrpc', true],
    ['a_*', 'a_', true],
    ['a_x*x', 'a_x', false],
  ])('%s against %s is %s', (pattern, text, expected) => {
    expect(new GlobPattern(pattern).matches(text)).toBe(expected);
  });
});
