import { parse } from 'graphql';
import { spreadNestingError, textNestingError } from './document-nesting';

const nested = (levels: number) => `{ a${' { a'.repeat(levels - 1)}${' }'.repeat(levels)}`;

describe('textNestingError', () => {
  it('allows nesting up to the limit and refuses the first bracket beyond it, where it stands', () => {
    expect(textNestingError(nested(5), 5)).toBeUndefined();
    const error = textNestingError(nested(6), 5);
    expect(error?.message).toBe('Syntax Error: Document nests more than 5 levels.');
    expect(error?.locations).toEqual([{ line: 1, column: 21 }]);
  });

  it('counts lists, objects and argument lists too, across lines', () => {
    expect(textNestingError('{ a(b: [[1]]) }', 4)).toBeUndefined();
    expect(textNestingError('{ a(b: [[1]]) }', 3)).toBeDefined();
    expect(textNestingError('{\n  a(b: [[[1]]])\n}', 4)?.locations).toEqual([
      { line: 2, column: 10 },
    ]);
    expect(textNestingError('{ a(b: {c: {d: 1}}) }', 3)?.locations).toEqual([
      { line: 1, column: 12 },
    ]);
  });

  it('skips brackets in strings, block strings and comments, as the lexer does', () => {
    const text = ['{ a(b: "[[[{{{\\"[[[", c: """ {{{ \\""" [[[ """) # ((((((', '  b', '}'].join(
      '\n',
    );
    expect(textNestingError(text, 2)).toBeUndefined();
    expect(parse(text).kind).toBe('Document');
  });

  it('closing brackets end levels; unbalanced text is left to the parser', () => {
    expect(textNestingError('{ a } { b } { c }', 1)).toBeUndefined();
    expect(textNestingError('}}}} { a { b } }', 2)).toBeUndefined();
    expect(textNestingError('{ a(b: "unterminated [[[', 2)).toBeUndefined();
  });

  it('scans a text nested 100 000 levels without recursion', () => {
    const text = `{ a(b: ${'['.repeat(100_000)}1${']'.repeat(100_000)}) }`;
    expect(textNestingError(text, 500)?.locations).toEqual([{ line: 1, column: 506 }]);
  });
});

describe('spreadNestingError', () => {
  const chain = (length: number, cyclic = false) => {
    let text = '{ ...F0 }';
    for (let i = 0; i < length; i++) {
      text += ` fragment F${i} on Q { a ...F${cyclic ? (i + 1) % length : i + 1} }`;
    }
    if (!cyclic) text += ` fragment F${length} on Q { a }`;
    return parse(text);
  };

  it('counts a spread and the selection sets of the fragment it names as levels', () => {
    // The operation's set (1), the spread (2), F0's set (3), its spread (4), F1's set (5), its
    // spread (6), F2's set (7).
    expect(spreadNestingError(chain(2), 7)).toBeUndefined();
    expect(spreadNestingError(chain(2), 6)?.message).toBe(
      'Document nests more than 6 levels through fragment spreads.',
    );
    // Three sets, the spread, F's two sets.
    const inside = parse('{ a { b { ...F } } } fragment F on Q { c { d } }');
    expect(spreadNestingError(inside, 6)).toBeUndefined();
    expect(spreadNestingError(inside, 5)).toBeDefined();
  });

  it('measures fragments that no operation uses, as validation walks them too', () => {
    const text = '{ a } fragment A on Q { ...B } fragment B on Q { ...C } fragment C on Q { a }';
    expect(spreadNestingError(parse(text), 5)).toBeUndefined();
    expect(spreadNestingError(parse(text), 4)).toBeDefined();
  });

  it('refuses long chains and long cycles; a short cycle is left to validation', () => {
    expect(spreadNestingError(chain(10_000), 500)).toBeDefined();
    expect(spreadNestingError(chain(10_000, true), 500)).toBeDefined();
    expect(spreadNestingError(chain(3, true), 500)).toBeUndefined();
    expect(spreadNestingError(parse('{ ...A } fragment A on Q { a ...A }'), 500)).toBeUndefined();
  });

  it('measures each fragment once: 2^40 paths through 40 fragments are cheap', () => {
    let text = '{ ...F0 }';
    for (let i = 0; i < 40; i++) text += ` fragment F${i} on Q { a ...F${i + 1} ...F${i + 1} }`;
    text += ' fragment F40 on Q { a }';
    // Walking every path would not end within the test's timeout: finishing is the check.
    expect(spreadNestingError(parse(text), 500)).toBeUndefined();
    expect(spreadNestingError(parse(text), 80)).toBeDefined();
  });

  it('ignores spreads of unknown fragments (validation reports them)', () => {
    expect(spreadNestingError(parse('{ a { ...Missing } }'), 3)).toBeUndefined();
  });
});
