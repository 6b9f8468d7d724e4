import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTENT_EXPORT,
  CONTENT_IMPORT,
  fileTree,
  runContentCommand,
} from '../support/content-cli';
import { PROJECT_ROOT } from '../support/service-process';

/**
 * Craft 5's field types through the content commands: a site with addresses, a content block, a
 * range, a JSON field and entries with several authors is imported, exported in Craft's
 * serialised forms, imported into an empty store and exported again byte for byte.
 */

const ENTRY_TYPES = `
entryTypes:
  - handle: venue
    name: Venue
    fields: [summary, locations, seo, capacity, meta]
fields:
  - { handle: locations, name: Locations, type: addresses }
  - { handle: seo, name: SEO, type: contentBlock, fields: [summary, website] }
  - { handle: capacity, name: Capacity, type: range, min: 0, max: 5000, step: 10 }
  - { handle: meta, name: Meta, type: json }
`;

const SECTIONS = `
  - { handle: venues, name: Venues, type: channel, uriFormat: 'venues/{slug}', entryTypes: [venue] }
`;

const VENUES = `
entries:
  - section: venues
    type: venue
    slug: harbour-hall
    title: Harbour Hall
    authors: [bob, alice]
    fields:
      capacity: 1200
      meta: '"a JSON string"'
      locations:
        - { countryCode: NL, locality: Amsterdam, addressLine1: Kade 1 }
        - { countryCode: DE, locality: Berlin, enabled: false }
      seo:
        fields: { summary: Concerts by the harbour, website: 'https://example.com/hall' }
  - { section: venues, type: venue, slug: empty-lot, title: Empty lot, author: alice, fields: { meta: { a: [1] } } }
`;

const STEP_TIMEOUT = 180_000;
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'content-craft5-export-'));
  const project = join(root, 'project');
  cpSync(join(PROJECT_ROOT, 'config', 'content', 'project'), project, { recursive: true });
  writeFileSync(join(project, 'entry-types.yaml'), ENTRY_TYPES);
  const sections = readFileSync(join(project, 'sections.yaml'), 'utf8');
  writeFileSync(join(project, 'sections.yaml'), sections + SECTIONS);
  const seed = join(root, 'seed');
  cpSync(join(PROJECT_ROOT, 'config', 'content', 'seed'), seed, { recursive: true });
  writeFileSync(join(seed, '70-venues.yaml'), VENUES);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (script: string, args: string[], data: string) =>
  runContentCommand(script, args, {
    DATA_DIR: join(root, data),
    CONTENT_PROJECT_DIR: join(root, 'project'),
  });

/** The exported file that holds an entry with this slug. */
function fileWith(dir: string, slug: string): string {
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    if (!name.endsWith('.yaml')) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    if (text.includes(`slug: ${slug}`)) return text;
  }
  throw new Error(`no exported file has ${slug}`);
}

it(
  'exports addresses, content blocks, ranges, JSON and several authors as they are imported, and round-trips',
  async () => {
    const imported = await run(CONTENT_IMPORT, [join(root, 'seed')], 'data-a');
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    const first = await run(CONTENT_EXPORT, [join(root, 'export-1')], 'data-a');
    expect(first).toMatchObject({ code: 0, stderr: '' });

    const venues = fileWith(join(root, 'export-1'), 'harbour-hall');
    expect(venues).toContain('authors: [bob, alice]');
    expect(venues).toContain('author: alice');
    expect(venues).toMatch(
      /locations:\n\s+- countryCode: NL\n\s+locality: Amsterdam\n\s+addressLine1: Kade 1/,
    );
    expect(venues).toMatch(/- countryCode: DE\n\s+locality: Berlin\n\s+enabled: false/);
    expect(venues).toMatch(/seo:\n\s+fields:\n\s+summary: Concerts by the harbour/);
    expect(venues).toContain('capacity: 1200');
    expect(venues).toContain(`meta: '"a JSON string"'`);

    const again = await run(CONTENT_IMPORT, [join(root, 'export-1')], 'data-b');
    expect(again).toMatchObject({ code: 0, stderr: '' });
    const second = await run(CONTENT_EXPORT, [join(root, 'export-2')], 'data-b');
    expect(second.code).toBe(0);
    expect(fileTree(join(root, 'export-2'))).toEqual(fileTree(join(root, 'export-1')));
  },
  STEP_TIMEOUT,
);
