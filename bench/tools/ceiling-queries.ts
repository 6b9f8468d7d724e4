import { NEWS_PAGE_QUERY } from './content-fixture';
import { readStats } from './stats-page';
import type { Service } from './service-launcher';
import type { HttpRequestSpec } from './wrk-request';

/** One query of the graphql-ceiling rows: its uncached POST and GET and what a right answer has. */
export interface CeilingQuery {
  readonly name: string;
  readonly post: HttpRequestSpec;
  readonly get: HttpRequestSpec;
  /** Entries the answer must hold (`data.entries`, or 1 for `data.entry`). */
  readonly entries: number;
}

/** One bench article by slug, with the same fields as the news page. */
export const ENTRY_BY_SLUG_QUERY = `query NewsEntry {
  entry(section: "news", slug: "bench-article-7") {
    id title slug uri postDate
    ... on news_article_Entry { summary newsCategories { id title slug } }
  }
}`;

/** Neither read nor written by the result cache (Craft's header). */
const UNCACHED = { 'x-craft-gql-cache': 'no-cache' };

function uncached(name: string, query: string, entries: number): CeilingQuery {
  return {
    name,
    entries,
    post: {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...UNCACHED },
      body: JSON.stringify({ query }),
    },
    get: {
      method: 'GET',
      path: `/graphql?${new URLSearchParams({ query }).toString()}`,
      headers: UNCACHED,
    },
  };
}

export const CEILING_QUERIES: readonly CeilingQuery[] = [
  uncached('news page (20 entries, 1 relation)', NEWS_PAGE_QUERY, 20),
  uncached('one entry by slug (1 relation)', ENTRY_BY_SLUG_QUERY, 1),
];

/** Sends the request once; the answer text and status. */
export async function ask(
  service: Service,
  spec: HttpRequestSpec,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${service.httpUrl}${spec.path}`, {
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
  });
  return { status: response.status, text: await response.text() };
}

const HITS = 'content.graphql_cache.hits';

/**
 * Why the request would not measure an uncached answer of the query: another status, errors, the
 * wrong number of entries, a hit of the result cache, or (with `expected`) other bytes.
 */
export async function answerProblem(
  service: Service,
  query: CeilingQuery,
  spec: HttpRequestSpec,
  expected?: string,
): Promise<string | undefined> {
  await ask(service, spec);
  const before = (await readStats(service.debugUrl)).get(HITS) ?? 0;
  const { status, text } = await ask(service, spec);
  const after = (await readStats(service.debugUrl)).get(HITS) ?? 0;
  if (status !== 200) return `answered ${status} ${text.slice(0, 200)}`;
  const body = JSON.parse(text) as {
    data?: { entries?: unknown[]; entry?: unknown };
    errors?: unknown;
  };
  if (body.errors !== undefined) return `errors: ${JSON.stringify(body.errors).slice(0, 200)}`;
  const count = body.data?.entries?.length ?? (body.data?.entry ? 1 : 0);
  if (count !== query.entries) return `${count} entries instead of ${query.entries}`;
  if (after !== before) return `the result cache was hit despite no-cache (${HITS})`;
  if (expected !== undefined && text !== expected) return 'the answer differs from the first one';
  return undefined;
}
