import { parse } from 'yaml';
import { parseYamlInChunks } from './yaml-chunks';

const entries = (count: number) =>
  [
    '# generated',
    'entries:',
    ...Array.from({ length: count }, (_, i) => [
      `  - section: news`,
      `    slug: article-${i}`,
      `    title: "Article ${i}: a title"`,
      '    fields:',
      `      body: |`,
      `        Line one of ${i}`,
      `        - not an item`,
      `      keywords: [keywords/a, keywords/b]`,
    ]).flat(),
    'tags:',
    '- { group: keywords, slug: a, title: A }',
    '',
  ].join('\n');

describe('parseYamlInChunks', () => {
  it('gives what parsing the whole file gives, across many slices', () => {
    const text = entries(1_000);
    const whole = parse(text) as { entries: unknown[] };
    expect(whole.entries).toHaveLength(1_000);
    expect(parseYamlInChunks(text)).toEqual(whole);
  });

  it('parses whole what does not cut cleanly, with the whole file values and messages', () => {
    const alias = `${entries(300).replace('slug: article-0\n', 'slug: &first article-0\n')}extra:\n  - *first\n`;
    expect(parseYamlInChunks(alias)).toEqual(parse(alias));
    const flow = '{ entries: [ { section: news, slug: a } ] }\n';
    expect(parseYamlInChunks(flow)).toEqual(parse(flow));
    const repeated = 'tags:\n  - { group: g, slug: a }\ntags:\n  - { group: g, slug: b }\n';
    expect(() => parseYamlInChunks(repeated)).toThrow(captured(() => parse(repeated)));
    const broken = `${entries(500)}  - section: [unclosed\n`;
    expect(() => parseYamlInChunks(broken)).toThrow(captured(() => parse(broken)));
    expect(parseYamlInChunks('')).toEqual(parse(''));
    expect(parseYamlInChunks('users:\nentries:\n')).toEqual(parse('users:\nentries:\n'));
  });
});

function captured(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}
