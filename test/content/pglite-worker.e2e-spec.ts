import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GrafanaApi } from '../support/grafana-api';
import { GraphqlClient } from '../support/graphql-client';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';

/**
 * PGLITE_WORKER=true (PGlite in a worker thread, the default, what every other suite runs)
 * against PGLITE_WORKER=false (PGlite on the main thread): two built services on the demo
 * content, each on its own DATA_DIR, must answer the same. Then the worker's service stops on
 * SIGTERM and a new one reads its data back.
 */

const ADMIN_PASSWORD = 'pglite-worker-secret';
const BOOT_TIMEOUT_MS = 120_000;

const NEWS_PAGE = `query NewsPage {
  entries(section: "news", limit: 20) {
    id title slug uri postDate
    ... on news_article_Entry { summary newsCategories { id title slug } }
  }
}`;

/** Enough of the demo to compare (pages' post dates are the seed's time: left out). */
const EVERYTHING = `{
  entries { id title slug uri expiryDate sectionHandle typeHandle }
  entryCount
  assets { id filename kind width height }
  categories { id title slug level }
  tags { id title slug }
  globalSets { handle }
}`;

interface Running {
  readonly service: ServiceProcess;
  readonly api: GrafanaApi;
  readonly gql: GraphqlClient;
}

function start(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  return startService(
    {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CONTENT_SEED_DIR: join(PROJECT_ROOT, 'config', 'content', 'seed'),
      LOG_LEVEL: 'info',
      ...env,
    },
    { readyTimeoutMs: 90_000 },
  ).then((service) => ({
    service,
    api: new GrafanaApi(service.httpUrl, { basic: ['admin', ADMIN_PASSWORD] }),
    gql: new GraphqlClient(service.httpUrl),
  }));
}

async function answer(client: GraphqlClient, query: string, headers: Record<string, string> = {}) {
  const response = await client.post<{ data?: unknown; errors?: unknown }>({ query }, { headers });
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
}

/** Concurrent creates of one team name: one wins, the database refuses the others. */
async function raceTeamName(api: GrafanaApi, name: string) {
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => api.post('/api/teams', { name })),
  );
  // Which request wins is up to the scheduler: compare the answers in status order.
  return answers
    .map((a) => ({ status: a.status, body: a.status === 200 ? 'created' : a.body }))
    .sort((a, b) => a.status - b.status);
}

const root = mkdtempSync(join(tmpdir(), 'pglite-worker-'));
const workerDir = join(root, 'worker');
const mainDir = join(root, 'main');
let worker: Running | undefined;
let main: Running | undefined;

beforeAll(async () => {
  // One after the other: two first boots at once on a busy machine take longer than the timeout.
  worker = await start(workerDir, { PGLITE_WORKER: 'true' });
  main = await start(mainDir, { PGLITE_WORKER: 'false' });
}, 2 * BOOT_TIMEOUT_MS);

afterAll(async () => {
  await worker?.service.stop();
  await main?.service.stop();
  rmSync(root, { recursive: true, force: true });
}, 30_000);

describe('PGLITE_WORKER=true', () => {
  it('says at boot that the database runs in a worker thread', () => {
    expect(worker!.service.output()).toContain('(in a worker thread)');
    expect(main!.service.output()).not.toContain('worker thread');
  });

  it('answers the content queries as PGlite on the main thread does', async () => {
    for (const query of [NEWS_PAGE, EVERYTHING]) {
      const expected = await answer(main!.gql, query, { 'x-craft-gql-cache': 'no-cache' });
      expect(await answer(worker!.gql, query, { 'x-craft-gql-cache': 'no-cache' })).toEqual(
        expected,
      );
    }
  });

  it('saves a mutation (one transaction) and reads it back', async () => {
    const created = await worker!.api.post<{ accessToken: string }>('/api/content/tokens', {
      name: 'worker writer',
      schema: 'editorial',
    });
    expect(created.status).toBe(201);
    const editorial = worker!.gql.withToken(created.body.accessToken);
    const saved = (await answer(
      editorial,
      `mutation { save_news_article_Entry(title: "Written by the worker", slug: "worker-write",
        summary: "through a worker thread") { id title slug } }`,
    )) as { save_news_article_Entry: { id: string } };
    const read = await answer(
      editorial,
      `{ entry(section: "news", slug: "worker-write", status: null) { id title ... on news_article_Entry { summary } } }`,
      { 'x-craft-gql-cache': 'no-cache' },
    );
    expect(read).toEqual({
      entry: {
        id: saved.save_news_article_Entry.id,
        title: 'Written by the worker',
        summary: 'through a worker thread',
      },
    });
  });

  it('turns a unique-constraint conflict into the same answers as without the worker', async () => {
    const outcome = await raceTeamName(worker!.api, 'Worker race');
    expect(outcome).toEqual(await raceTeamName(main!.api, 'Worker race'));
    expect(outcome.filter((o) => o.status === 200)).toHaveLength(1);
    expect(outcome.filter((o) => o.status === 409)).toHaveLength(5);
    // The losers' transactions rolled back: one team, and the database still answers.
    const found = await worker!.api.get<{ totalCount: number }>(
      '/api/teams/search?name=Worker%20race',
    );
    expect(found.body.totalCount).toBe(1);
  });

  it('answers /healthcheck while uncached queries are in flight', async () => {
    const expected = await answer(worker!.gql, NEWS_PAGE);
    const burst = Array.from({ length: 24 }, () =>
      answer(worker!.gql, NEWS_PAGE, { 'x-craft-gql-cache': 'no-cache' }),
    );
    const health = await fetch(`${worker!.service.httpUrl}/healthcheck`);
    expect(health.status).toBe(200);
    for (const data of await Promise.all(burst)) expect(data).toEqual(expected);
  });

  it(
    'stops cleanly on SIGTERM, and a restart on the same DATA_DIR reads the data back',
    async () => {
      const before = await answer(worker!.gql, EVERYTHING, { 'x-craft-gql-cache': 'no-cache' });
      const stopped = await worker!.service.stop();
      // A clean stop raises the signal again once closed (close-on-signals.ts); a failure exits 1.
      expect(stopped).toEqual({ code: null, signal: 'SIGTERM' });
      expect(worker!.service.output()).not.toContain('error during shutdown');
      // The database was closed: the lock is released.
      expect(existsSync(join(workerDir, 'pglite.lock'))).toBe(false);
      worker = await start(workerDir, { PGLITE_WORKER: 'true' });
      expect(worker.service.output()).toContain('schema up to date');
      expect(await answer(worker.gql, EVERYTHING, { 'x-craft-gql-cache': 'no-cache' })).toEqual(
        before,
      );
      const found = await worker.api.get<{ totalCount: number }>(
        '/api/teams/search?name=Worker%20race',
      );
      expect(found.body.totalCount).toBe(1);
    },
    BOOT_TIMEOUT_MS,
  );
});
