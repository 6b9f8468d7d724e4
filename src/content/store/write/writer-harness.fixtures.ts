import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../../infra/clock/clock';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ElementWriter } from './element-writer';
import { ElementWriteError } from './write-error';
import type { EntryInput } from './write-input';
import { ElementLookups } from './element-lookups';
import { writerTestDrivers, writerTestModel } from './element-writer.fixtures';

export const NOW = Date.parse('2025-03-01T12:00:00Z');
export const EN = 1;
export const DE = 2;
export const NEWS = 10;
export const PAGES = 11;
export const HOMEPAGE = 12;
export const ARTICLE = 101;
export const PAGE = 111;

/** What the writer's tests work with, set up anew for each driver by `writerSuite`. */
export const h = {} as {
  db: DrizzleExecutor;
  drop: () => Promise<void>;
  writer: ElementWriter;
  lookups: ElementLookups;
  model: ContentModelIndex;
  dir: string;
  clock: ManualClock;
};

export interface SiteRowView {
  site_id: number;
  title: string | null;
  slug: string | null;
  uri: string | null;
  enabled: boolean;
  fields: Record<string, unknown>;
  search_text: string;
}

export async function siteRows(elementId: number): Promise<Record<number, SiteRowView>> {
  const rows = await rawRows<SiteRowView>(
    h.db,
    sql`SELECT site_id, title, slug, uri, enabled, fields, search_text FROM content_element_sites
        WHERE element_id = ${elementId} ORDER BY site_id`,
  );
  return Object.fromEntries(rows.map((row) => [Number(row.site_id), row]));
}

export async function relations(
  sourceId: number,
  fieldHandle: string,
  siteId: number | null = null,
): Promise<number[]> {
  const fieldId = h.model.fields.handle(fieldHandle)!.id;
  const rows = await rawRows<{ target_id: number }>(
    h.db,
    sql`SELECT target_id FROM content_relations WHERE source_id = ${sourceId}
        AND field_id = ${fieldId} AND source_site_id IS NOT DISTINCT FROM ${siteId}::bigint
        ORDER BY sort_order`,
  );
  return rows.map((row) => Number(row.target_id));
}

export async function nodes(structureId: number): Promise<string[]> {
  const rows = await rawRows<{
    slug: string;
    lft: number;
    rgt: number;
    level: number;
    root: string;
  }>(
    h.db,
    sql`SELECT s.slug, n.lft, n.rgt, n.level, r.slug AS root
        FROM content_structure_nodes n
        JOIN content_element_sites s ON s.element_id = n.element_id AND s.site_id = 1
        JOIN content_element_sites r ON r.element_id = n.root_id AND r.site_id = 1
        WHERE n.structure_id = ${structureId} ORDER BY n.lft`,
  );
  return rows.map((r) => `${r.slug} ${r.lft}-${r.rgt} L${r.level} root=${r.root}`);
}

export async function writeError(work: Promise<unknown>): Promise<string[]> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ElementWriteError);
  return [...(error as ElementWriteError).problems];
}

export const article = (slug: string, extra: Partial<EntryInput> = {}): EntryInput => ({
  sectionId: NEWS,
  typeId: ARTICLE,
  title: `Article ${slug}`,
  slug,
  ...extra,
});

export const page = (title: string, parentId: number | null = null): EntryInput => ({
  sectionId: PAGES,
  typeId: PAGE,
  title,
  parentId,
});

// Every test runs on PostgreSQL, and on PGlite too when jest runs with
// NODE_OPTIONS=--experimental-vm-modules (PGlite loads its parts with dynamic import(), which
// jest's sandbox refuses otherwise; the e2e suites boot the service on PGlite).
export function writerSuite(body: () => void): void {
  describe.each(writerTestDrivers())('on %s', (_driver, open) => {
    beforeAll(async () => {
      h.clock = new ManualClock(NOW);
      h.dir = await mkdtemp(join(tmpdir(), 'element-writer-'));
      h.model = writerTestModel(join(h.dir, 'volume'));
      ({
        db: h.db,
        drop: h.drop,
        writer: h.writer,
        lookups: h.lookups,
      } = await open(h.model, h.clock));
    });
    afterAll(async () => {
      await h.drop();
      await rm(h.dir, { recursive: true, force: true });
    });

    body();
  });
}

/** A generated image file in the test directory. */
export async function imageFile(name: string, width: number, height: number): Promise<string> {
  const path = join(h.dir, name);
  const image = sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  await (name.endsWith('.png') ? image.png() : image.jpeg()).toFile(path);
  return path;
}
