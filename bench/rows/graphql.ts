import { ApiFleet } from '../api-fleet';
import { Row } from '../report/row';
import { LIST_LIMIT, LIST_QUERY } from '../tools/content-fixture';
import { sideBySide, SideBySideWorkload } from '../tools/side-by-side';
import { Service } from '../tools/service-launcher';
import { readStats } from '../tools/stats-page';
import { HttpRequestSpec } from '../tools/wrk-request';

const BODY = JSON.stringify({ query: LIST_QUERY, variables: { limit: LIST_LIMIT } });
const HEADERS = { 'content-type': 'application/json' };
/** Craft's per-request opt-out of the result cache: neither read nor written. */
const NO_CACHE = { ...HEADERS, 'x-craft-gql-cache': 'no-cache' };
const HITS = 'content.graphql_cache.hits';

const listRequest = (headers: Record<string, string>): HttpRequestSpec => ({
  method: 'POST',
  path: '/graphql',
  headers,
  body: BODY,
});

/**
 * The content GraphQL list query (public schema, POST JSON), executed every time and answered
 * from the result cache, on this build against the baseline build (issue 20: at least as fast).
 */
export function graphqlRows(fleet: ApiFleet): Promise<Row[]> {
  const workloads: SideBySideWorkload[] = [
    {
      group: 'graphql',
      measure: `GraphQL list, ${LIST_LIMIT} entries with relations, uncached (X-Craft-Gql-Cache: no-cache)`,
      request: () => listRequest(NO_CACHE),
      problem: (service) => listProblem(service, false),
      atLeast: 0.95,
    },
    {
      group: 'graphql',
      measure: `GraphQL list, ${LIST_LIMIT} entries with relations, from the result cache`,
      request: () => listRequest(HEADERS),
      problem: (service) => listProblem(service, true),
      atLeast: 0.95,
    },
  ];
  return sequentially(workloads.map((workload) => () => sideBySide(fleet, workload)));
}

/**
 * The answer must be the whole page without errors, and the result cache must be hit exactly
 * when the row says so (the debug listener's hit counter, before and after a second request).
 */
async function listProblem(service: Service, cached: boolean): Promise<string | undefined> {
  const ask = async () => {
    const response = await fetch(`${service.httpUrl}/graphql`, {
      method: 'POST',
      headers: cached ? HEADERS : NO_CACHE,
      body: BODY,
    });
    return { status: response.status, text: await response.text() };
  };
  const first = await ask();
  if (first.status !== 200) return `answered ${first.status} ${first.text.slice(0, 200)}`;
  const body = JSON.parse(first.text) as { data?: { entries?: unknown[] }; errors?: unknown };
  if (body.errors !== undefined) return `errors: ${JSON.stringify(body.errors).slice(0, 200)}`;
  const count = body.data?.entries?.length ?? 0;
  if (count !== LIST_LIMIT) return `${count} entries instead of ${LIST_LIMIT}`;
  const before = (await readStats(service.debugUrl)).get(HITS) ?? 0;
  const second = await ask();
  const after = (await readStats(service.debugUrl)).get(HITS) ?? 0;
  if (second.text !== first.text) return 'a second answer differs from the first';
  if (cached && after === before) return `the result cache was not hit (${HITS} unchanged)`;
  if (!cached && after !== before) return `the result cache was hit despite no-cache`;
  return undefined;
}

async function sequentially<T>(steps: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const step of steps) results.push(await step());
  return results;
}
