import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryHash } from '../persisted/persisted-query';
import type { CommandIo } from './command';
import { contentPersistedQueries } from './persisted-queries.command';

interface Run {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

let directory: string;
let allowList: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'persisted-cli-'));
  allowList = join(directory, 'allow-list');
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function run(
  argv: readonly string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    env: options.env ?? { GRAPHQL_PERSISTED_QUERIES_DIR: allowList },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    progress: { isTTY: false, columns: undefined, write: () => undefined },
    readStdin: () => Promise.resolve(options.stdin ?? ''),
  };
  const code = await contentPersistedQueries(argv, io);
  return { code, out, err };
}

describe('content-persisted-queries', () => {
  it('adds from a file, prints the hash alone on stdout, lists it, removes it by hash', async () => {
    const document = 'query News { entries { title } }\n';
    writeFileSync(join(directory, 'news.graphql'), document);
    const added = await run(['add', join(directory, 'news.graphql')]);
    expect(added).toEqual({
      code: 0,
      out: [queryHash(document)],
      err: ['added News.graphql (News)'],
    });
    expect((await run(['list'])).out).toEqual([`${queryHash(document)}  News  News.graphql`]);
    const json = JSON.parse((await run(['list', '-json'])).out.join('\n')) as unknown;
    expect(json).toEqual([
      { hash: queryHash(document), operationName: 'News', file: 'News.graphql' },
    ]);
    expect((await run(['remove', queryHash(document)])).out).toEqual([
      `removed News.graphql: ${queryHash(document)}`,
    ]);
    expect(readdirSync(allowList)).toEqual([]);
  });

  it('reads stdin without a file or with -, and takes -name and -dir', async () => {
    const other = join(directory, 'other');
    const added = await run(['add', '-dir', other, '-name', 'home', '-'], { stdin: '{ ping }' });
    expect(added.code).toBe(0);
    expect(readdirSync(other)).toEqual(['home.graphql']);
    expect((await run(['add'], { stdin: '{ __typename }' })).out).toEqual([
      queryHash('{ __typename }'),
    ]);
    expect((await run(['list'])).out).toEqual([
      `${queryHash('{ __typename }')}  -  operation-${queryHash('{ __typename }').slice(0, 12)}.graphql`,
    ]);
  });

  it('refuses a document that does not parse and a duplicate (exit 1, one line)', async () => {
    const broken = await run(['add'], { stdin: '{ entries(' });
    expect(broken.code).toBe(1);
    expect(broken.err).toEqual([
      'content-persisted-queries: not a GraphQL document: Syntax Error: Expected Name, found <EOF>.',
    ]);
    await run(['add'], { stdin: '{ ping }' });
    const again = await run(['add'], { stdin: '{ ping }' });
    expect(again.code).toBe(1);
    expect(again.err[0]).toMatch(/already on the allow-list as operation-\w+\.graphql/);
  });

  it('says what is missing: a directory, a command, an argument', async () => {
    await expect(run(['list'], { env: {} })).rejects.toThrow(
      'no allow-list directory: set GRAPHQL_PERSISTED_QUERIES_DIR or pass -dir',
    );
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.err[0]).toBe('usage: content-persisted-queries <command> [flags] [args]');
    const unknown = await run(['purge']);
    expect([unknown.code, unknown.err[0]]).toEqual([2, 'unknown command: purge']);
    const missing = await run(['remove']);
    expect([missing.code, missing.err[0]]).toEqual([2, 'missing arguments']);
  });

  it('reports an unreadable file or a bad manifest as one message', async () => {
    await expect(run(['add', join(directory, 'nope.graphql')])).rejects.toThrow(
      /cannot read .*nope\.graphql: ENOENT/,
    );
    await run(['add'], { stdin: '{ ping }' });
    writeFileSync(join(allowList, 'broken.json'), '{nope');
    await expect(run(['list'])).rejects.toThrow(/broken\.json: not JSON/);
  });
});
