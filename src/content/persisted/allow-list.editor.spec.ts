import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAllowList } from './allow-list.reader';
import { addOperation, AllowListEditError, listEntries, removeEntry } from './allow-list.editor';
import { queryHash } from './persisted-query';

const MANIFEST = JSON.stringify({
  format: 'apollo-persisted-query-manifest',
  version: 1,
  operations: [{ id: 'x', name: 'FromBuild', type: 'query', body: 'query FromBuild { b }' }],
});

describe('allow-list directory editing', () => {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'allow-list-edit-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('adds a document byte for byte under its operation name; the service reads that hash', () => {
    const document = 'query News($limit: Int) { entries(limit: $limit) { title } }\n';
    const added = addOperation(directory, document);
    expect(added).toEqual({
      hash: queryHash(document),
      file: 'News.graphql',
      operationName: 'News',
    });
    expect(readFileSync(join(directory, 'News.graphql'), 'utf8')).toBe(document);
    expect(readAllowList(directory).get(added.hash)).toBe(document);
    expect(readdirSync(directory)).toEqual(['News.graphql']); // no staging file left
  });

  it('names an anonymous operation, and a new version of a taken name, by hash prefix', () => {
    const anonymous = addOperation(directory, '{ ping }');
    expect(anonymous.file).toBe(`operation-${queryHash('{ ping }').slice(0, 12)}.graphql`);
    addOperation(directory, 'query Ping { ping }');
    const second = addOperation(directory, 'query Ping { ping __typename }');
    expect(second.file).toBe(`Ping-${second.hash.slice(0, 12)}.graphql`);
  });

  it('takes a file name, adding .graphql, and refuses a path or a taken name', () => {
    expect(addOperation(directory, '{ a }', 'home-page').file).toBe('home-page.graphql');
    expect(() => addOperation(directory, '{ b }', 'home-page.graphql')).toThrow(/exists/);
    expect(() => addOperation(directory, '{ b }', '../escape')).toThrow(AllowListEditError);
    expect(() => addOperation(directory, '{ b }', '.hidden')).toThrow(AllowListEditError);
  });

  it('refuses a document that does not parse, one without an operation, and a duplicate', () => {
    expect(() => addOperation(directory, '{ entries(')).toThrow(/not a GraphQL document: Syntax/);
    expect(() => addOperation(directory, 'type T { a: Int }')).toThrow(/holds no operation/);
    writeFileSync(join(directory, 'build.json'), MANIFEST);
    expect(() => addOperation(directory, 'query FromBuild { b }')).toThrow(
      `already on the allow-list as build.json: ${queryHash('query FromBuild { b }')}`,
    );
    expect(readdirSync(directory)).toEqual(['build.json']);
  });

  it('creates the directory when it does not exist yet', () => {
    const nested = join(directory, 'allow-list');
    addOperation(nested, '{ a }');
    expect(readdirSync(nested)).toHaveLength(1);
  });

  it('lists hash, operation name and file, manifests included', () => {
    writeFileSync(join(directory, 'build.json'), MANIFEST);
    writeFileSync(join(directory, 'ping.graphql'), '{ ping }');
    expect(
      listEntries(directory).map(({ hash, operationName, file }) => [hash, operationName, file]),
    ).toEqual([
      [queryHash('query FromBuild { b }'), 'FromBuild', 'build.json'],
      [queryHash('{ ping }'), undefined, 'ping.graphql'],
    ]);
  });

  it('removes by hash or by file name (.graphql optional)', () => {
    const news = addOperation(directory, 'query News { a }');
    const other = addOperation(directory, 'query Other { a }');
    expect(removeEntry(directory, news.hash)).toEqual([
      { hash: news.hash, query: 'query News { a }', file: 'News.graphql' },
    ]);
    expect(removeEntry(directory, 'Other').map((entry) => entry.hash)).toEqual([other.hash]);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('refuses an unknown hash or file, a path, and an operation only a manifest holds', () => {
    writeFileSync(join(directory, 'build.json'), MANIFEST);
    expect(() => removeEntry(directory, 'a'.repeat(64))).toThrow(/no entry has the hash/);
    expect(() => removeEntry(directory, 'missing.graphql')).toThrow(/no allow-list file/);
    expect(() => removeEntry(directory, '../build.json')).toThrow(/no allow-list file/);
    expect(() => removeEntry(directory, queryHash('query FromBuild { b }'))).toThrow(
      /operation of the manifest build\.json/,
    );
    expect(removeEntry(directory, 'build.json')).toHaveLength(1);
    expect(existsSync(join(directory, 'build.json'))).toBe(false);
  });
});
