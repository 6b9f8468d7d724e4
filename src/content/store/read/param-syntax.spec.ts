import { parseParam, plainIdList, splitCommaList } from './param-syntax';

const eq = (value: string | number | boolean) => ({ type: 'compare', operator: '=', value });
const op = (operator: string, value: string | number | boolean) => ({
  type: 'compare',
  operator,
  value,
});

describe('parseParam', () => {
  it('sets no condition for nothing, an empty list, an empty string or a bare "not"', () => {
    expect(parseParam(undefined)).toBeNull();
    expect(parseParam(null)).toBeNull();
    expect(parseParam([])).toBeNull();
    expect(parseParam('')).toBeNull();
    expect(parseParam(' , ')).toBeNull();
    expect(parseParam('not')).toBeNull();
    expect(parseParam('NOT ')).toBeNull();
    expect(parseParam(['not'])).toBeNull();
    expect(parseParam(['and'])).toBeNull();
  });

  it('takes scalars as equality', () => {
    expect(parseParam(5)).toEqual(eq(5));
    expect(parseParam('foo')).toEqual(eq('foo'));
    expect(parseParam(true)).toEqual(eq(true));
    expect(parseParam(false)).toEqual(eq(false));
    expect(parseParam('  padded  ')).toEqual(eq('padded'));
  });

  it('reads a list as OR unless it starts with and / or / not', () => {
    expect(parseParam([1, 2])).toEqual({ type: 'group', glue: 'or', items: [eq(1), eq(2)] });
    expect(parseParam(['or', 1, 2])).toEqual({ type: 'group', glue: 'or', items: [eq(1), eq(2)] });
    expect(parseParam(['AND', 'a', 'b'])).toEqual({
      type: 'group',
      glue: 'and',
      items: [eq('a'), eq('b')],
    });
    expect(parseParam(['and', 1])).toEqual(eq(1));
  });

  it('negates every item of a "not" list and joins them with AND (neither)', () => {
    expect(parseParam(['not', 1, 2])).toEqual({
      type: 'group',
      glue: 'and',
      items: [op('!=', 1), op('!=', 2)],
    });
    expect(parseParam(['not', '> 5', '<= 2'])).toEqual({
      type: 'group',
      glue: 'and',
      items: [op('<=', '5'), op('>', '2')],
    });
    expect(parseParam(['not', 'not 3'])).toEqual(op('=', '3'));
  });

  it('splits a scalar string at unescaped commas', () => {
    expect(parseParam('a, b')).toEqual({ type: 'group', glue: 'or', items: [eq('a'), eq('b')] });
    expect(parseParam('a\\, b')).toEqual(eq('a, b'));
    expect(parseParam('not, a, b')).toEqual({
      type: 'group',
      glue: 'and',
      items: [op('!=', 'a'), op('!=', 'b')],
    });
    expect(splitCommaList('x,,y, ')).toEqual(['x', 'y']);
  });

  it('keeps commas inside list items (Craft only splits scalar strings)', () => {
    expect(parseParam(['Hello, world'])).toEqual(eq('Hello, world'));
  });

  it('reads the operators at the start of a string item', () => {
    expect(parseParam('not foo')).toEqual(op('!=', 'foo'));
    expect(parseParam('NOT foo')).toEqual(op('!=', 'foo'));
    expect(parseParam('!=foo')).toEqual(op('!=', 'foo'));
    expect(parseParam('< 10')).toEqual(op('<', '10'));
    expect(parseParam('<=10')).toEqual(op('<=', '10'));
    expect(parseParam('> 10')).toEqual(op('>', '10'));
    expect(parseParam('>= 2024-01-01')).toEqual(op('>=', '2024-01-01'));
    expect(parseParam('= exact')).toEqual(op('=', 'exact'));
    // "nothing" starts with "not" but not with "not ".
    expect(parseParam('nothing')).toEqual(eq('nothing'));
  });

  it('reads date ranges as AND lists', () => {
    expect(parseParam(['and', '>= 2024-01-01', '< 2024-02-01'])).toEqual({
      type: 'group',
      glue: 'and',
      items: [op('>=', '2024-01-01'), op('<', '2024-02-01')],
    });
  });

  it('reads * at the start or end as a wildcard, \\* as a literal asterisk', () => {
    const like = (text: string, leading: boolean, trailing: boolean, negated = false) => ({
      type: 'like',
      negated,
      text,
      leading,
      trailing,
    });
    expect(parseParam('foo*')).toEqual(like('foo', false, true));
    expect(parseParam('*foo')).toEqual(like('foo', true, false));
    expect(parseParam('*foo*')).toEqual(like('foo', true, true));
    expect(parseParam('*')).toEqual(like('', true, false));
    expect(parseParam('not foo*')).toEqual(like('foo', false, true, true));
    expect(parseParam(['not', '*bar'])).toEqual(like('bar', true, false, true));
    expect(parseParam('foo\\*')).toEqual(eq('foo*'));
    expect(parseParam('a*b')).toEqual(eq('a*b'));
    expect(parseParam('50%_off*')).toEqual(like('50%_off', false, true));
    // Comparison operators never make wildcards.
    expect(parseParam('> a*')).toEqual(op('>', 'a*'));
  });

  it('reads :empty:, :notempty:, not :empty: and null items', () => {
    expect(parseParam(':empty:')).toEqual({ type: 'empty', negated: false });
    expect(parseParam(':EMPTY:')).toEqual({ type: 'empty', negated: false });
    expect(parseParam(':notempty:')).toEqual({ type: 'empty', negated: true });
    expect(parseParam('not :empty:')).toEqual({ type: 'empty', negated: true });
    expect(parseParam('!= :empty:')).toEqual({ type: 'empty', negated: true });
    expect(parseParam(['not', ':empty:'])).toEqual({ type: 'empty', negated: true });
    expect(parseParam(['not', ':notempty:'])).toEqual({ type: 'empty', negated: false });
    expect(parseParam(['neutral', null])).toEqual({
      type: 'group',
      glue: 'or',
      items: [eq('neutral'), { type: 'empty', negated: false }],
    });
    expect(parseParam(['not', null])).toEqual({ type: 'empty', negated: true });
  });

  it('keeps booleans and numbers as they are inside lists', () => {
    expect(parseParam(['not', true])).toEqual(op('!=', true));
    expect(parseParam([1, '2'])).toEqual({ type: 'group', glue: 'or', items: [eq(1), eq('2')] });
  });
});

describe('plainIdList', () => {
  it('returns the ids of a plain list in the given order', () => {
    expect(plainIdList([3, 1, 2])).toEqual([3, 1, 2]);
    expect(plainIdList('3, 1, 2')).toEqual([3, 1, 2]);
    expect(plainIdList(['or', '7', 5])).toEqual([7, 5]);
    expect(plainIdList(9)).toEqual([9]);
  });

  it('leaves out integers no element id can be (past 2^53)', () => {
    expect(plainIdList([1e300, 4, '9007199254740993'])).toEqual([4]);
    expect(plainIdList([1e300])).toBeNull();
  });

  it('returns null for anything that is not a plain id list', () => {
    expect(plainIdList(undefined)).toBeNull();
    expect(plainIdList(['not', 1, 2])).toBeNull();
    expect(plainIdList(['and', 1, 2])).toBeNull();
    expect(plainIdList('> 5')).toBeNull();
    expect(plainIdList('abc')).toBeNull();
    expect(plainIdList([1, '2*'])).toBeNull();
    expect(plainIdList(true)).toBeNull();
  });
});
