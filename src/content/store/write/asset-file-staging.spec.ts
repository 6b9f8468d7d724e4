import { sql } from 'drizzle-orm';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ManualClock } from '../../../infra/clock/clock';
import type { Database } from '../../../infra/database/database';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { rawRows } from '../../../infra/database/raw-rows';
import { loadSettings } from '../../../settings/settings.loader';
import { ContentModelIndex } from '../../model/content-model.index';
import { ElementWriter } from './element-writer';
import { writerTestDrivers, writerTestModel } from './element-writer.fixtures';
import { LocalVolumeFiles } from './local-volume-files';
import { ElementWriteError } from './write-error';
import type { AssetInput } from './write-input';

/**
 * Asset files follow the transaction (docs/content-mutations.md#assets): a file appears in its
 * volume when the save commits and not before; a save or transaction that fails leaves the volume
 * as it was. And the extension allow-list (Craft's allowedFileExtensions), globally and per volume.
 */

const IMAGES = 20;
const DOCUMENTS = 21;
const NUL_TITLE = 'bad\u0000title';

describe.each(writerTestDrivers())('asset files on %s', (_driver, open) => {
  let dir: string;
  let images: string;
  let documents: string;
  let db: DrizzleExecutor;
  let drop: () => Promise<void>;
  let database: Database;
  let writer: ElementWriter;
  let makeWriter: (env: Record<string, string>) => ElementWriter;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'asset-staging-'));
    images = join(dir, 'images');
    documents = join(dir, 'documents');
    await mkdir(images);
    await mkdir(documents);
    const base = writerTestModel(images).model;
    const model = new ContentModelIndex({
      ...base,
      volumes: [
        ...base.volumes,
        {
          id: DOCUMENTS,
          uid: 'volume-documents',
          handle: 'documents',
          name: 'Documents',
          path: documents,
          baseUrl: '/volumes/documents',
          fields: [],
          allowedFileExtensions: ['txt', 'pdf'],
        },
      ],
    });
    const clock = new ManualClock(Date.parse('2025-03-01T12:00:00Z'));
    const opened = await open(model, clock);
    ({ db, drop, database, writer } = opened);
    makeWriter = (env) =>
      new ElementWriter(
        database,
        opened.models,
        opened.users,
        clock,
        new LocalVolumeFiles(),
        loadSettings(env),
      );
  });
  afterAll(async () => {
    await drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Every file and folder of a volume, hidden ones included. */
  async function tree(volume = images): Promise<string[]> {
    const entries = await readdir(volume, { recursive: true });
    return entries.map((entry) => relative(volume, join(volume, entry))).sort();
  }

  async function assetCount(): Promise<number> {
    const [row] = await rawRows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM content_assets`,
    );
    return Number(row.n);
  }

  const upload = (filename: string, text: string, extra: Partial<AssetInput> = {}): AssetInput => ({
    volumeId: IMAGES,
    folderPath: '',
    filename,
    sourceData: Buffer.from(text),
    avoidConflicts: true,
    ...extra,
  });

  async function writeError(work: Promise<unknown>): Promise<string[]> {
    const error = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ElementWriteError);
    return [...(error as ElementWriteError).problems];
  }

  it('puts the file in place when the outermost transaction commits, not before', async () => {
    const source = join(dir, 'imported.txt');
    await writeFile(source, 'from an import');
    await database.transaction(async () => {
      await writer.saveAsset({
        volumeId: IMAGES,
        folderPath: 'imports/2025',
        filename: 'imported.txt',
        sourceFile: source,
      });
      await writer.saveAsset(upload('note.txt', 'an upload'));
      // Still inside the transaction: only hidden temporary files, which the volume route never serves.
      const waiting = await tree();
      expect(waiting.filter((path) => !/(^|\/)\.upload-[0-9a-f]+$/.test(path))).toEqual([
        'imports',
        'imports/2025',
      ]);
      expect(waiting).toHaveLength(4);
    });
    expect(await tree()).toEqual([
      'imports',
      'imports/2025',
      'imports/2025/imported.txt',
      'note.txt',
    ]);
    expect(await readFile(join(images, 'note.txt'), 'utf8')).toBe('an upload');
  });

  it('leaves nothing in the volume when the transaction fails after the save', async () => {
    const before = await tree();
    const assets = await assetCount();
    await expect(
      database.transaction(async () => {
        await writer.saveAsset(upload('lost.txt', 'never visible', { folderPath: 'lost/deep' }));
        await writer.saveAsset(upload('note.txt', 'would have been note_1.txt'));
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await tree()).toEqual(before);
    expect(await assetCount()).toBe(assets);
  });

  it('leaves nothing when the save itself fails after its file was prepared, and keeps the file it would replace', async () => {
    const before = await tree();
    expect(
      await writeError(writer.saveAsset(upload('fresh.txt', 'new', { title: NUL_TITLE }))),
    ).toEqual(['text cannot contain a NUL character']);
    expect(await tree()).toEqual(before);

    // Replacing the file of an asset under the same name: the old one survives a failed save.
    const logo = await writer.saveAsset(upload('logo.txt', 'old logo'));
    const replace = (text: string, extra: Partial<AssetInput> = {}) =>
      writer.saveAsset(upload('logo.txt', text, { uid: logo.uid, ...extra }));
    expect(await writeError(replace('new logo', { title: NUL_TITLE }))).toEqual([
      'text cannot contain a NUL character',
    ]);
    expect(await readFile(join(images, 'logo.txt'), 'utf8')).toBe('old logo');
    // ... and when the transaction around it fails.
    await expect(
      database.transaction(async () => {
        await replace('new logo');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readFile(join(images, 'logo.txt'), 'utf8')).toBe('old logo');
    await replace('new logo');
    expect(await readFile(join(images, 'logo.txt'), 'utf8')).toBe('new logo');

    // An upload under a new name removes the replaced file only once it commits.
    await expect(
      database.transaction(async () => {
        await replace('wide logo', { filename: 'logo-wide.txt', removeReplacedFile: true });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await tree()).filter((path) => path.startsWith('logo'))).toEqual(['logo.txt']);
    await replace('wide logo', { filename: 'logo-wide.txt', removeReplacedFile: true });
    expect((await tree()).filter((path) => path.startsWith('logo'))).toEqual(['logo-wide.txt']);
  });

  it('moves and renames an asset file only when the save commits', async () => {
    const asset = await writer.saveAsset(upload('move-me.txt', 'moving'));
    await expect(
      database.transaction(async () => {
        await writer.saveAsset({
          uid: asset.uid,
          volumeId: IMAGES,
          folderPath: 'moved',
          filename: 'moved.txt',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await tree()).filter((path) => path.startsWith('move'))).toEqual(['move-me.txt']);
    await writer.saveAsset({
      uid: asset.uid,
      volumeId: IMAGES,
      folderPath: 'moved',
      filename: 'moved.txt',
    });
    expect((await tree()).filter((path) => path.startsWith('move'))).toEqual([
      'moved',
      'moved/moved.txt',
    ]);
  });

  it("refuses extensions the volume does not allow with Craft's message, writing nothing", async () => {
    const before = await tree();
    const assets = await assetCount();
    const refused = (filename: string, input: Partial<AssetInput> = {}) =>
      writeError(writer.saveAsset(upload(filename, 'alert(1)', input)));
    // Craft's default list without js; html was never in it.
    expect(await refused('evil.js')).toEqual(['“js” is not an allowed file extension.']);
    expect(await refused('page.HTML')).toEqual(['“html” is not an allowed file extension.']);
    expect(await refused('page.htm')).toEqual(['“htm” is not an allowed file extension.']);
    expect(await refused('no-extension')).toEqual(['“” is not an allowed file extension.']);
    // Importing or adopting such a file is refused too.
    const script = join(dir, 'script.js');
    await writeFile(script, 'alert(1)');
    expect(
      await writeError(
        writer.saveAsset({
          volumeId: IMAGES,
          folderPath: '',
          filename: 'a.js',
          sourceFile: script,
        }),
      ),
    ).toEqual(['“js” is not an allowed file extension.']);
    expect(await tree()).toEqual(before);
    expect(await assetCount()).toBe(assets);

    // Renaming an asset to such a name is refused; saving it where it is never checks.
    const kept = await writer.saveAsset(upload('kept.txt', 'text'));
    expect(
      await writeError(
        writer.saveAsset({ uid: kept.uid, volumeId: IMAGES, folderPath: '', filename: 'kept.js' }),
      ),
    ).toEqual(['“js” is not an allowed file extension.']);
    expect(await tree()).toContain('kept.txt');

    // A volume's own list wins over the global one.
    const inDocuments = (filename: string) =>
      writer.saveAsset(upload(filename, 'text', { volumeId: DOCUMENTS }));
    expect(await writeError(inDocuments('photo.png'))).toEqual([
      '“png” is not an allowed file extension.',
    ]);
    await inDocuments('Manual.TXT');
    expect(await tree(documents)).toEqual(['Manual.TXT']);
  });

  it('takes the global list from CONTENT_ALLOWED_FILE_EXTENSIONS', async () => {
    const custom = makeWriter({ CONTENT_ALLOWED_FILE_EXTENSIONS: '.JS, txt' });
    await custom.saveAsset(upload('allowed.js', 'ok'));
    expect(await tree()).toContain('allowed.js');
    expect(await writeError(custom.saveAsset(upload('photo.png', 'x')))).toEqual([
      '“png” is not an allowed file extension.',
    ]);
    // An asset whose extension the list no longer allows can still be saved in place.
    const strict = makeWriter({ CONTENT_ALLOWED_FILE_EXTENSIONS: 'pdf' });
    const saved = await strict.saveAsset({
      volumeId: IMAGES,
      folderPath: '',
      filename: 'allowed.js',
      title: 'Still here',
    });
    expect(saved.created).toBe(false);
  });
});
