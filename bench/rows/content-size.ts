import { join } from 'node:path';
import { PROJECT_ROOT } from '../../test/support/service-process';
import { Row } from '../report/row';
import { BENCH } from '../settings';
import { keptContentStore } from '../tools/kept-content-store';
import { median } from '../tools/median';
import { launchService, Service } from '../tools/service-launcher';

const SMALL = 1_000;
const REQUESTS = 25;
/** REQUESTS split into rounds that alternate between the two stores. */
const ROUNDS = 5;
const WARM_UP = 3;
const NO_CACHE = { 'content-type': 'application/json', 'x-craft-gql-cache': 'no-cache' };
/** Rows whose time grows with the site by nature (docs/content-store.md): info, no goal. */
const BOUNDED = new Set(['offset half the site', 'search for a rare word', 'entryCount']);

interface SizedQuery {
  readonly name: string;
  readonly query: (size: number, ids: Ids) => string;
}

interface Ids {
  readonly category: string;
  readonly tags: readonly [string, string];
  readonly page: string;
}

const RELATIONS =
  '... on news_article_Entry { newsCategories { id title } keywords { id title } relatedArticles { id title uri } heroImage { id url } }';

/** Issue 27's query table, each against generated content of the given size. */
const QUERIES: readonly SizedQuery[] = [
  {
    name: 'newest 20 with relations',
    query: () => `{ entries(section: "news", limit: 20) { id title postDate ${RELATIONS} } }`,
  },
  {
    name: 'by slug, with relations',
    query: (size) =>
      `{ entries(section: "news", slug: "gen-article-${size >> 1}") { id title ${RELATIONS} } }`,
  },
  {
    name: 'by uri',
    query: (size) => `{ entry(uri: "news/gen-article-${size >> 1}") { id title } }`,
  },
  {
    name: 'relatedTo a category',
    query: (_, ids) =>
      `{ entries(section: "news", relatedTo: [${ids.category}], limit: 20) { id title } }`,
  },
  {
    name: 'relatedTo a tag and another',
    query: (_, ids) =>
      `{ entries(section: "news", relatedTo: ["and", ${ids.tags[0]}, ${ids.tags[1]}], limit: 20) { id title } }`,
  },
  {
    name: 'a tag field filter and relatedTo another tag',
    query: (_, ids) =>
      `{ entries(section: "news", keywords: ${ids.tags[0]}, relatedTo: [${ids.tags[1]}], limit: 20) { id title } }`,
  },
  {
    name: 'featured: true',
    query: () => `{ entries(section: "news", featured: true, limit: 20) { id title } }`,
  },
  {
    name: 'rating >= 4',
    query: () => `{ entries(section: "news", rating: ">= 4", limit: 20) { id title } }`,
  },
  { name: 'entryCount', query: () => `{ entryCount(section: "news") }` },
  {
    name: 'descendantOf a page, level 3',
    query: (_, ids) =>
      `{ entries(section: "pages", descendantOf: ${ids.page}, level: 3) { id title uri } }`,
  },
  {
    name: 'orderBy title ASC, limit 20',
    query: () => `{ entries(section: "news", orderBy: "title ASC", limit: 20) { id title } }`,
  },
  {
    name: 'search for a rare word',
    query: (size) =>
      `{ entries(section: "news", search: "Word${size >> 1}x", limit: 20) { id title } }`,
  },
  {
    name: 'offset half the site',
    query: (size) => `{ entries(section: "news", offset: ${size >> 1}, limit: 20) { id title } }`,
  },
];

async function graphql(service: Service, query: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.httpUrl}/graphql`, {
    method: 'POST',
    headers: NO_CACHE,
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (body.errors !== undefined || body.data === undefined) {
    throw new Error(`${query}: ${JSON.stringify(body.errors ?? body)}`);
  }
  return body.data;
}

async function idsOf(service: Service): Promise<Ids> {
  const first = async (query: string) => {
    const data = await graphql(service, query);
    const list = Object.values(data)[0] as { id: string }[];
    if (list.length === 0) throw new Error(`no element for ${query}`);
    return list[0].id;
  };
  return {
    category: await first('{ categories(group: "topics", slug: "gen-topic-3") { id } }'),
    tags: [
      await first('{ tags(group: "keywords", slug: "gen-tag-6") { id } }'),
      await first('{ tags(group: "keywords", slug: "gen-tag-109") { id } }'),
    ],
    page: await first('{ entries(section: "pages", slug: "gen-page-3") { id } }'),
  };
}

/** One store's service and the element ids its queries name. */
interface SizedService {
  readonly size: number;
  readonly service: Service;
  readonly ids: Ids;
}

/**
 * p50 and p95 (ms) of each query on each store, sequential uncached requests. The two services
 * run side by side and are measured in alternating rounds (the order flipping every round), so
 * the machine's drift over a run falls on both sides of the ratio alike.
 */
async function timeSideBySide(
  stores: readonly SizedService[],
): Promise<Map<number, Map<string, number[]>>> {
  const times = new Map(stores.map((store) => [store.size, new Map<string, number[]>()]));
  for (const { name, query } of QUERIES) {
    const samples = new Map(stores.map((store) => [store.size, [] as number[]]));
    const request = async (store: SizedService) => {
      const started = performance.now();
      await graphql(store.service, query(store.size, store.ids));
      return performance.now() - started;
    };
    for (const store of stores) for (let i = 0; i < WARM_UP; i++) await request(store);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? stores : [...stores].reverse();
      for (const store of order) {
        for (let i = 0; i < REQUESTS / ROUNDS; i++) {
          samples.get(store.size)!.push(await request(store));
        }
      }
    }
    for (const [size, list] of samples) {
      list.sort((a, b) => a - b);
      times.get(size)!.set(name, [median(list), list[Math.ceil(0.95 * list.length) - 1]]);
    }
  }
  return times;
}

/**
 * Issue 27's 1,000-versus-large table: the same queries, uncached (X-Craft-Gql-Cache: no-cache),
 * sequential, on stores of 1,000 and BENCH_CONTENT_SIZE_ENTRIES generated entries imported with
 * `content-import` once and kept between runs under BENCH_DATA_DIR (bench/tools/kept-content-store.ts),
 * on PGlite and PostgreSQL. Goal: p50 at the large size within 2× of p50 at 1,000, except the
 * rows bounded by nature (offset, search, count: info).
 */
export async function contentSizeRows(): Promise<Row[]> {
  const large = BENCH.contentSizeEntries;
  const rows: Row[] = [];
  for (const database of ['pglite', 'postgres'] as const) {
    const imported: number[] = [];
    const stores: SizedService[] = [];
    let measured: Map<number, Map<string, number[]>>;
    try {
      for (const size of [SMALL, large]) {
        const store = await keptContentStore(database, size, join(BENCH.dataDir, 'content-size'));
        if (store.imported) imported.push(size);
        const service = await launchService({
          label: `${database} ${size}`,
          shape: 'default',
          readyTimeoutMs: 120_000,
          env: {
            ...store.env,
            CONTENT_PROJECT_DIR: join(PROJECT_ROOT, 'config', 'content', 'project'),
            ADMIN_PASSWORD: 'bench-size-admin',
          },
        });
        stores.push({ size, service, ids: await idsOf(service) });
      }
      measured = await timeSideBySide(stores);
    } finally {
      for (const { service } of stores) await service.stop();
    }
    const kept =
      imported.length === 0
        ? 'both stores kept from an earlier run'
        : `imported this run: ${imported.map((size) => size.toLocaleString('en')).join(', ')}`;
    for (const { name } of QUERIES) {
      const [smallP50, smallP95] = measured.get(SMALL)!.get(name)!;
      const [largeP50, largeP95] = measured.get(large)!.get(name)!;
      const ratio = largeP50 / smallP50;
      const bounded = BOUNDED.has(name);
      rows.push({
        group: 'content-size',
        measure: `${name} (p50 at ${large.toLocaleString('en')} vs ${SMALL.toLocaleString('en')})`,
        shape: database,
        ours: { value: largeP50, unit: 'ms' },
        baseline: { value: smallP50, unit: 'ms' },
        ratio,
        goal: bounded ? 'documented bound' : '≤ 2×',
        verdict: bounded ? 'info' : ratio <= 2 ? 'met' : 'missed',
        note: `p95 ${largeP95.toFixed(1)} ms vs ${smallP95.toFixed(1)} ms; ${REQUESTS} sequential uncached requests per store in ${ROUNDS} alternating rounds; ${kept}`,
      });
    }
  }
  return rows;
}
