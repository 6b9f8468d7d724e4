import { sql } from 'drizzle-orm';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

const NOW = Date.parse('2025-03-01T12:00:00Z');
const EN = 1;
const DE = 2;
const PAGES = 11;
const PAGE = 111;
const TOPICS = 30;

let db: DrizzleExecutor;
let drop: () => Promise<void>;
let writer: ElementWriter;
let lookups: ElementLookups;
let model: ContentModelIndex;
let dir: string;
const clock = new ManualClock(NOW);

/** The structure in order: `slug lft-rgt L<level> root=<root slug>`. */
async function nodes(structureId: number): Promise<string[]> {
  const rows = await rawRows<{
    slug: string;
    lft: number;
    rgt: number;
    level: number;
    root: string;
  }>(
    db,
    sql`SELECT s.slug, n.lft, n.rgt, n.level, r.slug AS root
        FROM content_structure_nodes n
        JOIN content_element_sites s ON s.element_id = n.element_id AND s.site_id = 1
        JOIN content_element_sites r ON r.element_id = n.root_id AND r.site_id = 1
        WHERE n.structure_id = ${structureId} ORDER BY n.lft`,
  );
  return rows.map((r) => `${r.slug} ${r.lft}-${r.rgt} L${r.level} root=${r.root}`);
}

async function uri(elementId: number, siteId = EN): Promise<string | null> {
  const [row] = await rawRows<{ uri: string | null }>(
    db,
    sql`SELECT uri FROM content_element_sites WHERE element_id = ${elementId} AND site_id = ${siteId}`,
  );
  return row.uri;
}

async function deletedAt(elementId: number): Promise<string | null> {
  const [row] = await rawRows<{ date_deleted: Date | string | null }>(
    db,
    sql`SELECT date_deleted FROM content_elements WHERE id = ${elementId}`,
  );
  return row.date_deleted === null ? null : new Date(row.date_deleted).toISOString();
}

async function problems(work: Promise<unknown>): Promise<string[]> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ElementWriteError);
  return [...(error as ElementWriteError).problems];
}

const page = (title: string, extra: Partial<EntryInput> = {}): EntryInput => ({
  sectionId: PAGES,
  typeId: PAGE,
  title,
  ...extra,
});

// PostgreSQL always; PGlite too with NODE_OPTIONS=--experimental-vm-modules.
describe.each(writerTestDrivers())('writer additions for mutations on %s', (_d, open) => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'element-writer-ops-'));
    model = writerTestModel(join(dir, 'volume'));
    ({ db, drop, writer, lookups } = await open(model, clock));
  });
  afterAll(async () => {
    await drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("places and moves elements with Craft's structure operations", async () => {
    const about = await writer.saveEntry(page('About'));
    const team = await writer.saveEntry(page('Team', { parentId: about.id }));
    const history = await writer.saveEntry(page('History', { parentId: about.id }));
    const contact = await writer.saveEntry(page('Contact'));
    // prependToRoot for a new element.
    const home = await writer.saveEntry(
      page('Home', { placement: { position: 'first', parentId: null } }),
    );
    expect(await nodes(PAGES)).toEqual([
      'home 1-2 L1 root=home',
      'about 3-8 L1 root=about',
      'team 4-5 L2 root=about',
      'history 6-7 L2 root=about',
      'contact 9-10 L1 root=contact',
    ]);

    // insertBefore a sibling in another parent: the element moves there, URIs follow.
    await writer.saveEntry(
      page('Contact', {
        uid: contact.uid,
        placement: { position: 'before', siblingId: history.id },
      }),
    );
    expect(await nodes(PAGES)).toEqual([
      'home 1-2 L1 root=home',
      'about 3-10 L1 root=about',
      'team 4-5 L2 root=about',
      'contact 6-7 L2 root=about',
      'history 8-9 L2 root=about',
    ]);
    expect(await uri(contact.id, DE)).toBe('about/contact');

    // prependTo within the same parent reorders; insertAfter a root goes to the top level.
    await writer.saveEntry(
      page('History', { uid: history.uid, placement: { position: 'first', parentId: about.id } }),
    );
    await writer.saveEntry(
      page('Team', { uid: team.uid, placement: { position: 'after', siblingId: home.id } }),
    );
    expect(await nodes(PAGES)).toEqual([
      'home 1-2 L1 root=home',
      'team 3-4 L1 root=team',
      'about 5-10 L1 root=about',
      'history 6-7 L2 root=about',
      'contact 8-9 L2 root=about',
    ]);
    expect(await uri(team.id)).toBe('team');

    // appendTo moves a subtree under a new parent (last child); appendToRoot back to the end.
    await writer.saveEntry(
      page('About', { uid: about.uid, placement: { position: 'last', parentId: team.id } }),
    );
    expect(await nodes(PAGES)).toEqual([
      'home 1-2 L1 root=home',
      'team 3-10 L1 root=team',
      'about 4-9 L2 root=team',
      'history 5-6 L3 root=team',
      'contact 7-8 L3 root=team',
    ]);
    expect(await uri(contact.id)).toBe('team/about/contact');
    await writer.saveEntry(
      page('About', { uid: about.uid, placement: { position: 'last', parentId: null } }),
    );
    expect(await nodes(PAGES)).toEqual([
      'home 1-2 L1 root=home',
      'team 3-4 L1 root=team',
      'about 5-10 L1 root=about',
      'history 6-7 L2 root=about',
      'contact 8-9 L2 root=about',
    ]);
    expect(await uri(history.id)).toBe('about/history');

    // Refused: under itself, too deep, outside the structure, in a channel.
    expect(
      await problems(
        writer.saveEntry(
          page('About', {
            uid: about.uid,
            placement: { position: 'after', siblingId: contact.id },
          }),
        ),
      ),
    ).toEqual(['an element cannot be moved under itself or its descendants']);
    const deep = await writer.saveEntry(
      page('Deep', { placement: { position: 'last', parentId: contact.id } }),
    );
    expect(
      await problems(
        writer.saveEntry(page('Deeper', { placement: { position: 'first', parentId: deep.id } })),
      ),
    ).toEqual(['the structure allows 3 levels; this would put an element at level 4']);
    const topic = await writer.saveCategory({ groupId: TOPICS, title: 'Topic' });
    expect(
      await problems(
        writer.saveEntry(page('Lost', { placement: { position: 'before', siblingId: topic.id } })),
      ),
    ).toEqual([`sibling ${topic.id} is not in the same structure`]);
    expect(
      await problems(
        writer.saveEntry({
          sectionId: 10,
          typeId: 101,
          title: 'News',
          placement: { position: 'first', parentId: null },
        }),
      ),
    ).toEqual(['placement: section "news" is not a structure']);
  });

  it('soft-deletes: children move up into the place, URIs follow, saving restores', async () => {
    const a = await writer.saveCategory({ groupId: TOPICS, title: 'Science' });
    const a1 = await writer.saveCategory({ groupId: TOPICS, title: 'Physics', parentId: a.id });
    const a2 = await writer.saveCategory({ groupId: TOPICS, title: 'Biology', parentId: a.id });
    const b = await writer.saveCategory({ groupId: TOPICS, title: 'Arts' });
    const before = await nodes(TOPICS);
    expect(before.slice(-4)).toEqual([
      'science 3-8 L1 root=science',
      'physics 4-5 L2 root=science',
      'biology 6-7 L2 root=science',
      'arts 9-10 L1 root=arts',
    ]);
    clock.set(NOW + 60_000);
    expect(await writer.deleteElement(a.id, ['category'])).toBe(true);
    expect(await deletedAt(a.id)).toBe(new Date(NOW + 60_000).toISOString());
    expect((await nodes(TOPICS)).slice(-3)).toEqual([
      'physics 3-4 L1 root=physics',
      'biology 5-6 L1 root=biology',
      'arts 7-8 L1 root=arts',
    ]);
    expect(await uri(a1.id)).toBe('topics/physics');
    // Gone for lookups; a second delete, or one of the wrong kind, does nothing.
    expect(await lookups.element({ id: a.id })).toBeUndefined();
    expect(await writer.deleteElement(a.id, ['category'])).toBe(false);
    expect(await writer.deleteElement(b.id, ['entry'])).toBe(false);
    expect(await deletedAt(b.id)).toBeNull();

    // Saving it again restores it, as the last root (its place is gone).
    await writer.saveCategory({ groupId: TOPICS, uid: a.uid, title: 'Science' });
    expect(await deletedAt(a.id)).toBeNull();
    expect((await nodes(TOPICS)).slice(-1)).toEqual(['science 9-10 L1 root=science']);

    // Deeper trees: the subtree of a deleted level-2 page keeps its shape one level up.
    const top = await writer.saveEntry(page('Top'));
    const middle = await writer.saveEntry(page('Middle', { parentId: top.id }));
    const leaf = await writer.saveEntry(page('Leaf', { parentId: middle.id }));
    expect(await uri(leaf.id, DE)).toBe('top/middle/leaf');
    expect(await writer.deleteElement(middle.id, ['entry'])).toBe(true);
    const tree = (await nodes(PAGES)).filter((line) => /^(top|middle|leaf) /.test(line));
    expect(tree.map((line) => line.replace(/ \d+-\d+ /, ' '))).toEqual([
      'top L1 root=top',
      'leaf L2 root=top',
    ]);
    expect(await uri(leaf.id, DE)).toBe('top/leaf');
    expect(await uri(a2.id, DE)).toBe('topics/biology');
  });

  it('finds live elements, blocks, folders and held file names for mutations', async () => {
    const entry = await writer.saveEntry({
      sectionId: 10,
      typeId: 101,
      title: 'With blocks',
      fields: {
        contentBlocks: [
          { typeId: model.fields.handle('contentBlocks')!.blockTypes[0].id, fields: { text: 'a' } },
          {
            typeId: model.fields.handle('contentBlocks')!.blockTypes[1].id,
            fields: { quote: 'b' },
          },
        ],
      },
    });
    expect(await lookups.element({ uid: entry.uid })).toEqual({
      id: entry.id,
      uid: entry.uid,
      kind: 'entry',
      containerId: 10,
      typeId: 101,
      siteIds: [EN, DE],
    });
    const field = model.fields.handle('contentBlocks')!;
    expect(await lookups.blocks(entry.id, field.id)).toEqual(
      entry.blocks.get('contentBlocks')!.map((block, index) => ({
        id: block.id,
        uid: block.uid,
        typeId: field.blockTypes[index].id,
      })),
    );

    await writeFile(join(dir, 'photo.txt'), 'hello');
    const asset = await writer.saveAsset({
      volumeId: 20,
      folderPath: 'docs/notes',
      filename: 'photo.txt',
      sourceFile: join(dir, 'photo.txt'),
    });
    const [row] = await rawRows<{ folder_id: number | string }>(
      db,
      sql`SELECT folder_id FROM content_assets WHERE element_id = ${asset.id}`,
    );
    expect(await lookups.folder(Number(row.folder_id))).toEqual({
      volumeId: 20,
      path: 'docs/notes/',
    });
    expect(await lookups.assetFileHeld(20, 'docs/notes/', 'PHOTO.txt')).toBe(true);
    expect(await writer.deleteElement(asset.id, ['asset'])).toBe(true);
    // A trashed asset still holds its name (its file stays until it is purged).
    expect(await lookups.assetFileHeld(20, 'docs/notes/', 'photo.txt')).toBe(true);
    expect(await lookups.assetFileHeld(20, '', 'photo.txt')).toBe(false);
  });
  it('avoids taken file names for uploads and never moves a file over another', async () => {
    await writeFile(join(dir, 'upload.txt'), 'one');
    const upload = (uid?: string) =>
      writer.saveAsset({
        volumeId: 20,
        folderPath: 'uploads',
        filename: 'Report.txt',
        sourceFile: join(dir, 'upload.txt'),
        avoidConflicts: true,
        ...(uid !== undefined && { uid }),
      });
    const first = await upload();
    const second = await upload();
    const filenames = await rawRows<{ element_id: number | string; filename: string }>(
      db,
      sql`SELECT element_id, filename FROM content_assets
          WHERE element_id = ANY(${sql.param([first.id, second.id])}::bigint[])
          ORDER BY element_id`,
    );
    expect(filenames.map((row) => row.filename)).toEqual(['Report.txt', 'Report_1.txt']);
    // A file nobody holds takes the name too; the asset's own name is not a conflict.
    await writeFile(join(dir, 'volume', 'uploads', 'Report_2.txt'), 'stray');
    const third = await upload();
    const [row] = await rawRows<{ filename: string }>(
      db,
      sql`SELECT filename FROM content_assets WHERE element_id = ${third.id}`,
    );
    expect(row.filename).toBe('Report_3.txt');
    expect((await upload(first.uid)).id).toBe(first.id);

    // Renaming onto a file that is not the asset's own is refused.
    expect(
      await problems(
        writer.saveAsset({
          volumeId: 20,
          uid: first.uid,
          folderPath: 'uploads',
          filename: 'Report_2.txt',
        }),
      ),
    ).toEqual(['file: "uploads/Report_2.txt" is taken']);
    expect(await readFile(join(dir, 'volume', 'uploads', 'Report_2.txt'), 'utf8')).toBe('stray');
  });
});
