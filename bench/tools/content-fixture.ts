import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../test/support/service-process';

/** Articles added to the demo content, so a list query has a page of 30 entries to return. */
export const BENCH_ARTICLES = 40;
export const LIST_LIMIT = 30;

/**
 * The list query of the GraphQL rows: a page of news articles with their scalar and custom
 * fields and every relation kind the public schema can read (assets, categories, tags, entries),
 * i.e. the DataLoader batching and per-field resolvers, not one root field. Markdown `body` is
 * left out: its rendering would be a fixed cost outside the GraphQL layer.
 */
export const LIST_QUERY = `query BenchNews($limit: Int) {
  entries(section: "news", orderBy: "postDate DESC", limit: $limit) {
    id uid title slug uri postDate dateUpdated sectionHandle typeHandle
    ... on news_article_Entry {
      summary rating featured
      heroImage { id title url width height }
      newsCategories { id title slug }
      keywords { id title }
      relatedArticles { id title uri }
    }
  }
}`;

/**
 * The query of the rows against a no-op route (issue 17): a page of 20 news entries with one
 * relation field, as the issue measured it.
 */
export const NEWS_PAGE_QUERY = `query NewsPage {
  entries(section: "news", limit: 20) {
    id title slug uri postDate
    ... on news_article_Entry { summary newsCategories { id title slug } }
  }
}`;

const CATEGORIES = ['technology', 'ai', 'web', 'culture'];
const KEYWORDS = ['headless', 'craft-cms', 'graphql', 'photography', 'typescript'];
const IMAGES = ['harbour-at-dusk.jpg', 'mountain-lake.jpg'];
const RELATED = ['welcome-to-the-demo', 'graphql-for-content-teams'];

function benchArticles(): string {
  const lines = ['# Written by the bench (bench/tools/content-fixture.ts).', 'entries:'];
  for (let i = 0; i < BENCH_ARTICLES; i++) {
    const at = new Date(Date.UTC(2024, 0, 1 + i, 9)).toISOString().replace('.000', '');
    lines.push(
      '  - section: news',
      '    type: article',
      `    slug: bench-article-${i}`,
      `    title: Bench article ${i}`,
      '    author: alice',
      `    postDate: ${at}`,
      `    dateCreated: ${at}`,
      `    dateUpdated: ${at}`,
      '    fields:',
      `      summary: Summary of bench article ${i}, long enough to be a sentence or two of text.`,
      `      heroImage: [images/${IMAGES[i % IMAGES.length]}]`,
      `      newsCategories: [topics/${CATEGORIES[i % 4]}, topics/${CATEGORIES[(i + 1) % 4]}]`,
      `      keywords: [keywords/${KEYWORDS[i % 5]}, keywords/${KEYWORDS[(i + 2) % 5]}]`,
      `      relatedArticles: [${RELATED.map((slug) => `news/${slug}`).join(', ')}]`,
      `      rating: ${(i % 5) + 1}`,
      `      featured: ${i % 3 === 0}`,
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * A copy of the demo content model and seed plus the bench articles, in a temporary directory
 * that both builds read (the same content on both sides, whatever their own config/ holds).
 * Returns the service settings pointing at it and a remover.
 */
export function contentFixture(): { env: Record<string, string>; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'bench-content-'));
  const project = join(root, 'project');
  const seed = join(root, 'seed');
  cpSync(join(PROJECT_ROOT, 'config', 'content', 'project'), project, { recursive: true });
  cpSync(join(PROJECT_ROOT, 'config', 'content', 'seed'), seed, { recursive: true });
  writeFileSync(join(seed, '90-bench.yaml'), benchArticles());
  return {
    env: { CONTENT_PROJECT_DIR: project, CONTENT_SEED_DIR: seed },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
