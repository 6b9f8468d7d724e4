import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { GraphqlClient } from '../support/graphql-client';
import { PROJECT_ROOT } from '../support/service-process';
import { PONG, runEndpoint, type Running } from './fixtures/endpoint-world';

/**
 * `content-persisted-queries` (issue 17, item 2), built, beside a running service with
 * GRAPHQL_PERSISTED_QUERIES=only on the same directory: the hash `add` prints is the hash a client
 * sends, the service answers it once its directory watch has seen the file, and refuses it again
 * once `remove` has deleted it.
 */

jest.setTimeout(120_000);

const SCRIPT = join(
  PROJECT_ROOT,
  process.env.SERVICE_DIST ?? 'dist',
  'content/cli/content-persisted-queries.js',
);
const QUERY = 'query Ping { ping }\n';
/** What a client computes: sha256 over the text it sends. */
const HASH = createHash('sha256').update(QUERY).digest('hex');
const NOT_FOUND = {
  errors: [
    { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
  ],
};
const byHash = (sha256Hash: string) => ({
  extensions: { persistedQuery: { version: 1, sha256Hash } },
});

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let directory: string;
let running: Running;
let gql: GraphqlClient;

function command(args: readonly string[], stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [SCRIPT, ...args],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH, GRAPHQL_PERSISTED_QUERIES_DIR: directory },
        timeout: 30_000,
      },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'persisted-cli-e2e-'));
  running = await runEndpoint(
    { GRAPHQL_PERSISTED_QUERIES: 'only', GRAPHQL_PERSISTED_QUERIES_DIR: directory },
    { publicEnabled: true, postgres: false },
  );
  gql = new GraphqlClient(running.service.httpUrl);
});

afterAll(async () => {
  await running?.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('content-persisted-queries beside a running service', () => {
  it('adds an operation whose printed hash the service then answers', async () => {
    expect((await gql.get(byHash(HASH))).body).toEqual(NOT_FOUND);
    const added = await command(['add'], QUERY);
    expect(added).toEqual({ code: 0, stdout: `${HASH}\n`, stderr: 'added Ping.graphql (Ping)\n' });
    await eventually('the service answers the added hash', async () => {
      const answer = await gql.get(byHash(HASH));
      return answer.status === 200 && JSON.stringify(answer.body) === JSON.stringify(PONG)
        ? true
        : undefined;
    });
    expect((await command(['list'])).stdout).toBe(`${HASH}  Ping  Ping.graphql\n`);
  });

  it('refuses the same document again, and a document that does not parse', async () => {
    const again = await command(['add'], QUERY);
    expect([again.code, again.stderr]).toEqual([
      1,
      `content-persisted-queries: already on the allow-list as Ping.graphql: ${HASH}\n`,
    ]);
    const broken = await command(['add'], '{ ping');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('not a GraphQL document');
  });

  it('removes it: the service refuses the hash again', async () => {
    const removed = await command(['remove', HASH]);
    expect(removed).toEqual({ code: 0, stdout: `removed Ping.graphql: ${HASH}\n`, stderr: '' });
    await eventually('the service no longer knows the hash', async () => {
      const answer = await gql.get(byHash(HASH));
      return JSON.stringify(answer.body) === JSON.stringify(NOT_FOUND) ? true : undefined;
    });
  });
});
