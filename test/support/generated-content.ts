import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Sizes of the generated taxonomies (as issue 27 measured: 20 categories, 200 tags). */
const CATEGORIES = 20;
const TAGS = 200;
const WORDS = 'content structure query graph site editor image page news field'.split(' ');
const IMAGES = ['harbour-at-dusk.jpg', 'mountain-lake.jpg'];
const AUTHORS = ['alice', 'bob'];

/** A short deterministic pseudo-random sequence, so runs compare like for like. */
const pick = (i: number, salt: number, n: number) =>
  ((i * 2_654_435_761 + salt * 40_503) >>> 0) % n;

function yamlString(text: string): string {
  return JSON.stringify(text);
}

/**
 * Writes the demo seed plus `entries` generated news entries (rich text body, a category of
 * 20, two tags of 200, an asset, up to three related earlier entries, an author, rating,
 * featured) and a three-level `pages` structure (one page per 20 entries) into `dir`: the
 * content of issue 27's import measurements. Entries are streamed out in files of 5,000.
 */
export function writeGeneratedContent(dir: string, seedDir: string, entries: number): void {
  mkdirSync(dir, { recursive: true });
  cpSync(seedDir, dir, { recursive: true });
  const taxonomies = ['categories:'];
  for (let c = 0; c < CATEGORIES; c++) {
    taxonomies.push(`  - { group: topics, slug: gen-topic-${c}, title: Topic ${c} }`);
  }
  taxonomies.push('tags:');
  for (let t = 0; t < TAGS; t++) {
    taxonomies.push(`  - { group: keywords, slug: gen-tag-${t}, title: Tag ${t} }`);
  }
  writeFileSync(join(dir, '70-gen-taxonomies.yaml'), taxonomies.join('\n') + '\n');
  const perFile = 5_000;
  for (let start = 0, file = 0; start < entries; start += perFile, file++) {
    const lines = ['entries:'];
    for (let i = start; i < Math.min(entries, start + perFile); i++) {
      const words = [0, 1, 2, 3, 4, 5].map((k) => WORDS[pick(i, k, WORDS.length)]).join(' ');
      const related = [1, 2, 3]
        .map((k) => i - 1 - pick(i, k + 10, Math.max(1, i)))
        .filter((r, k, all) => r >= 0 && r < i && all.indexOf(r) === k)
        .map((r) => `news/gen-article-${r}`);
      // Twenty minutes apart: 100,000 entries end in 2023, none scheduled in the future (a live
      // site has few), which the newest-first queries would have to read past.
      const at = new Date(Date.UTC(2020, 0, 1) + i * 1_200_000).toISOString();
      lines.push(
        '  - section: news',
        '    type: article',
        `    slug: gen-article-${i}`,
        `    title: ${yamlString(`Article ${i}: ${words}`)}`,
        `    author: ${AUTHORS[i % AUTHORS.length]}`,
        `    postDate: ${at}`,
        `    dateCreated: ${at}`,
        `    dateUpdated: ${at}`,
        '    fields:',
        `      summary: ${yamlString(`Summary ${i} about ${words}.`)}`,
        `      body: ${yamlString(`## Article ${i}\n\nA body about **${words}**, with a few sentences of text so the row has a realistic width. Word${i}x is rare.`)}`,
        `      heroImage: [images/${IMAGES[i % IMAGES.length]}]`,
        `      newsCategories: [topics/gen-topic-${pick(i, 1, CATEGORIES)}]`,
        `      keywords: [keywords/gen-tag-${pick(i, 2, TAGS)}, keywords/gen-tag-${pick(i, 3, TAGS)}]`,
        `      relatedArticles: [${related.join(', ')}]`,
        `      rating: ${(pick(i, 4, 50) / 10).toFixed(1)}`,
        `      featured: ${pick(i, 5, 10) === 0}`,
      );
    }
    const name = `80-gen-news-${String(file).padStart(3, '0')}.yaml`;
    writeFileSync(join(dir, name), lines.join('\n') + '\n');
  }
  const pages = ['entries:'];
  const count = Math.max(3, Math.floor(entries / 20));
  for (let p = 0; p < count; p++) {
    const level = p % 3;
    const parent = level === 0 ? undefined : `gen-page-${p - 1}`;
    pages.push(
      '  - section: pages',
      `    slug: gen-page-${p}`,
      `    title: Page ${p}`,
      ...(parent === undefined ? [] : [`    parent: ${parent}`]),
      '    fields:',
      `      intro: ${yamlString(`<p>Page ${p}.</p>`)}`,
    );
  }
  writeFileSync(join(dir, '90-gen-pages.yaml'), pages.join('\n') + '\n');
}
