import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import { parseContentYaml } from './content-yaml';

const SCALARS = [
  ...[
    '0',
    '-0',
    '+12',
    '007',
    '0o17',
    '0o8',
    '0x1F',
    '0x1g',
    '-0x1F',
    '0b101',
    '1_000',
    '12345678901234567890',
  ],
  ...[
    '.5',
    '1.',
    '-1.5',
    '1e3',
    '1.5E-3',
    '+.5e+2',
    '1_000.5',
    '.inf',
    '-.Inf',
    '+.INF',
    '.NaN',
    '.nan',
    'nan',
    'inf',
  ],
  ...[
    '~',
    'null',
    'Null',
    'NULL',
    'nULL',
    '',
    'true',
    'True',
    'TRUE',
    'tRUE',
    'false',
    'yes',
    'no',
    'on',
    'off',
    'y',
  ],
  ...[
    '2001-12-14',
    '2001-12-14t21:59:43.10-05:00',
    '12:30',
    '1:20:30',
    "'0x1F'",
    '"1e3"',
    '!!str 12',
    '!!int "12"',
  ],
];

const NULLS = ['~', 'null', 'Null', 'NULL', ''];

function sameAsYaml(text: string): void {
  const expected: unknown = parse(text);
  const actual = parseContentYaml(text);
  // Strict: NaN equals NaN, -0 differs from 0, a number differs from its text.
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Error(`${JSON.stringify(text)}: ${String(actual)} instead of ${String(expected)}`);
  }
}

describe('parseContentYaml', () => {
  it('resolves every scalar as the yaml package does (YAML 1.2 core schema)', () => {
    for (const scalar of SCALARS) {
      sameAsYaml(`value: ${scalar}\nlist: [${scalar}]\n`);
      if (!NULLS.includes(scalar)) sameAsYaml(`${scalar}: key\n`);
    }
  });

  it('names a key that reads as null "null" (yaml names it ""): the one known difference', () => {
    expect(parseContentYaml('~: a\n')).toEqual({ null: 'a' });
    expect(parse('~: a\n')).toEqual({ '': 'a' });
  });

  it('reads anchors, merge-like keys, block and quoted scalars, empty files as yaml does', () => {
    sameAsYaml('a: &x {b: 1}\nc: *x\n"<<": 2\nd: |\n  line\n   two\ne: >-\n  folded\n  text\n');
    sameAsYaml('<<: {a: 1}\nb: 2\n');
    sameAsYaml("s: 'it''s'\nt: \"tab\\tand \\u00e9\"\nu: plain # comment\n");
    sameAsYaml('');
    sameAsYaml('# only a comment\n');
    sameAsYaml(
      'entries:\n  - section: news\n    fields:\n      rating: 4.5\n      featured: true\n',
    );
  });

  it('reads the demo content and model files as yaml does', () => {
    for (const folder of ['seed', 'project']) {
      const directory = join(__dirname, '..', '..', '..', 'config', 'content', folder);
      for (const name of readdirSync(directory).filter((file) => file.endsWith('.yaml'))) {
        sameAsYaml(readFileSync(join(directory, name), 'utf8'));
      }
    }
  });

  it("gives yaml's message for a file it cannot read", () => {
    for (const broken of [
      'entries:\n  - section: [unclosed\n',
      'tags:\n  - a\ntags:\n  - b\n',
      'a: 1\n---\nb: 2\n',
      'a:\n\t- tab\n',
    ]) {
      let expected = 'no error';
      try {
        parse(broken);
      } catch (error) {
        expected = (error as Error).message;
      }
      expect(() => parseContentYaml(broken)).toThrow(expected);
    }
  });
});
