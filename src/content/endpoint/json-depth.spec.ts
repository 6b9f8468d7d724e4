import { nestsDeeperThan } from './json-depth';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, as PHP json_decode’s depth does', () => {
    expect(nestsDeeperThan('1', 0)).toBe(false);
    expect(nestsDeeperThan('[]', 0)).toBe(true);
    expect(nestsDeeperThan('[]', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[[]]]', 2)).toBe(true);
    expect(nestsDeeperThan('[[],[],[]]', 2)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\"[[[", "\\\\", "]]]"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\",[]]', 1)).toBe(true);
  });

  it('measures 100 000 levels without recursion, and a million keys quickly', () => {
    expect(nestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 512)).toBe(true);
    const wide: Record<string, string> = {};
    for (let i = 0; i < 1_000_000; i++) wide[`k${i}`] = '[{';
    const text = JSON.stringify(wide);
    // A scan quadratic in the keys would not end within the test's timeout.
    expect(nestsDeeperThan(text, 1)).toBe(false);
  });
});
