import {
  boolFlag,
  FlagError,
  parseFlags,
  repeatedFlag,
  stringFlag,
  uintFlag,
  usageText,
} from './go-flags';

const FLAGS = {
  dir: stringFlag('', 'the directory'),
  host: stringFlag('localhost', 'the host'),
  merge: boolFlag('merge things'),
  count: uintFlag(1, 10, 'how many'),
  item: repeatedFlag('one item'),
};

const parse = (...argv: string[]) => parseFlags(FLAGS, argv);

function failure(...argv: string[]): FlagError {
  try {
    parse(...argv);
  } catch (error) {
    if (error instanceof FlagError) return error;
    throw error;
  }
  throw new Error('expected a FlagError');
}

describe('parseFlags (Go flag package rules)', () => {
  it('starts from the initial values', () => {
    expect(parse()).toEqual({
      values: { dir: '', host: 'localhost', merge: false, count: 1, item: [] },
      args: [],
    });
  });

  it.each([[['-dir', 'a']], [['--dir', 'a']], [['-dir=a']], [['--dir=a']]])(
    'reads a value flag written as %j',
    (argv) => {
      expect(parse(...argv).values.dir).toBe('a');
    },
  );

  it('keeps everything after the first = as the value, and allows an empty value', () => {
    expect(parse('-dir=a=b').values.dir).toBe('a=b');
    expect(parse('-dir=').values.dir).toBe('');
  });

  it('takes the next argument as the value even when it starts with a dash', () => {
    expect(parse('-dir', '-merge').values).toMatchObject({ dir: '-merge', merge: false });
  });

  it.each([
    [['-merge'], true],
    [['--merge'], true],
    [['-merge=true'], true],
    [['-merge=1'], true],
    [['-merge=T'], true],
    [['-merge=false'], false],
    [['-merge=0'], false],
    [['-merge=F'], false],
  ])('reads a boolean written as %j', (argv, expected) => {
    expect(parse(...argv).values.merge).toBe(expected);
  });

  it('never lets a boolean take the next argument: parsing stops there', () => {
    expect(parse('-merge', 'false', '-dir', 'a')).toEqual({
      values: expect.objectContaining({ merge: true, dir: '' }),
      args: ['false', '-dir', 'a'],
    });
  });

  it('stops at the first non-flag, at a lone dash and after --', () => {
    expect(parse('-dir', 'a', 'rest', '-merge').args).toEqual(['rest', '-merge']);
    expect(parse('-', '-merge').args).toEqual(['-', '-merge']);
    expect(parse('--', '-merge')).toEqual({
      values: expect.objectContaining({ merge: false }),
      args: ['-merge'],
    });
  });

  it('lets a later occurrence win, and keeps every occurrence of a repeated flag', () => {
    expect(parse('-dir', 'a', '-dir', 'b').values.dir).toBe('b');
    expect(parse('-item', 'x', '--item=y', '-item', 'x').values.item).toEqual(['x', 'y', 'x']);
  });

  it('reads decimal unsigned integers within range', () => {
    expect(parse('-count', '0').values.count).toBe(0);
    expect(parse('-count=10').values.count).toBe(10);
  });

  it.each([
    [['-nope'], 'flag provided but not defined: -nope'],
    [['--nope=1'], 'flag provided but not defined: -nope'],
    [['-dir'], 'flag needs an argument: -dir'],
    [['---dir'], 'bad flag syntax: ---dir'],
    [['-=x'], 'bad flag syntax: -=x'],
    [['-merge=yes'], 'invalid boolean value "yes" for -merge: parse error'],
    [['-count', 'x'], 'invalid value "x" for flag -count: parse error'],
    [['-count', '-1'], 'invalid value "-1" for flag -count: parse error'],
    [['-count', '11'], 'invalid value "11" for flag -count: value out of range'],
  ])('rejects %j', (argv, message) => {
    const error = failure(...argv);
    expect(error.message).toBe(message);
    expect(error.help).toBe(false);
  });

  it.each([['-h'], ['-help'], ['--help']])('asks for help on %s', (arg) => {
    expect(failure(arg).help).toBe(true);
  });

  it('does not treat inherited object keys as flags', () => {
    expect(failure('-constructor').message).toBe('flag provided but not defined: -constructor');
  });
});

describe('usageText', () => {
  it('lists the flags sorted by name in the layout of Go flag.PrintDefaults', () => {
    expect(usageText('tool', FLAGS)).toBe(
      [
        'Usage of tool:',
        '  -count uint',
        '    \thow many (default 1)',
        '  -dir string',
        '    \tthe directory',
        '  -host string',
        '    \tthe host (default "localhost")',
        '  -item value',
        '    \tone item',
        '  -merge',
        '    \tmerge things',
        '',
      ].join('\n'),
    );
  });

  it('keeps the usage of a one-letter boolean on its line', () => {
    expect(usageText('t', { v: boolFlag('verbose') })).toBe('Usage of t:\n  -v\tverbose\n');
  });
});
