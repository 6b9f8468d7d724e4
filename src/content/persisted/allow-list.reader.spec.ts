import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAllowList, readAllowListEntries } from './allow-list.reader';
import { queryHash } from './persisted-query';

describe('readAllowList', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'allow-list-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('hashes .graphql files as their exact text and manifest operations as their body', () => {
    writeFileSync(join(directory, 'a.graphql'), '{ a }\n');
    writeFileSync(
      join(directory, 'manifest.json'),
      JSON.stringify({
        format: 'apollo-persisted-query-manifest',
        version: 1,
        operations: [{ id: 'x', name: 'B', type: 'query', body: 'query B { b }' }],
      }),
    );
    writeFileSync(join(directory, 'notes.txt'), 'ignored');
    const list = readAllowList(directory);
    expect([...list.keys()].sort()).toEqual(
      [queryHash('{ a }\n'), queryHash('query B { b }')].sort(),
    );
    expect(list.has(queryHash('{ a }'))).toBe(false);
  });

  it('lists each entry with the file it comes from, in file name order', () => {
    writeFileSync(join(directory, 'b.graphql'), '{ b }');
    writeFileSync(
      join(directory, 'a.json'),
      JSON.stringify({
        format: 'apollo-persisted-query-manifest',
        version: 1,
        operations: [{ id: 'x', name: 'A', type: 'query', body: 'query A { a }' }],
      }),
    );
    expect(readAllowListEntries(directory)).toEqual([
      { hash: queryHash('query A { a }'), query: 'query A { a }', file: 'a.json' },
      { hash: queryHash('{ b }'), query: '{ b }', file: 'b.graphql' },
    ]);
  });

  it('throws on a manifest it does not understand', () => {
    writeFileSync(join(directory, 'bad.json'), '{"format":"other","version":1,"operations":[]}');
    expect(() => readAllowList(directory)).toThrow(/bad\.json/);
    writeFileSync(join(directory, 'bad.json'), '{nope');
    expect(() => readAllowList(directory)).toThrow(/not JSON/);
  });
});
