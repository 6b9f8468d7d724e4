import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { count, data, errors, m, mutationsSuite, png } from './mutations-harness.fixtures';

/** Every file and folder of the volume, hidden ones included. */
async function volumeTree(): Promise<string[]> {
  const entries = await readdir(m.volumeDir, { recursive: true });
  return entries.map((entry) => relative(m.volumeDir, join(m.volumeDir, entry))).sort();
}

/**
 * Asset mutations: base64 uploads into folders, replacing, renaming, moving and adopting files,
 * refused uploads (extensions outside the allow-list), failed saves that leave the volume as it
 * was, and soft deletes.
 * Runs in-process against the real store: see mutations-harness.fixtures.ts.
 */
mutationsSuite('GraphQL mutations', () => {
  describe('assets', () => {
    const SAVE_ASSET = `mutation (
      $id: ID, $file: FileInput, $title: String, $newFolderId: ID, $newFolderPath: String,
      $filename: String, $alt: String, $focalPoint: [Float]
    ) {
      save_images_Asset(
        id: $id, _file: $file, title: $title, newFolderId: $newFolderId,
        newFolderPath: $newFolderPath, filename: $filename, alt: $alt, focalPoint: $focalPoint
      ) { id title filename folderId path kind width height size alt focalPoint url }
    }`;
    type Asset = {
      id: string;
      title: string;
      filename: string;
      folderId: string;
      path: string;
      kind: string;
      width: number | null;
      height: number | null;
      size: string;
      alt: string | null;
      focalPoint: number[] | null;
      url: string;
    };
    const saveAsset = (variables: Record<string, unknown>) =>
      data<{ save_images_Asset: Asset }>(SAVE_ASSET, variables).then(
        (result) => result.save_images_Asset,
      );

    it('uploads base64 files into folders, avoiding taken names as Craft does', async () => {
      const before = m.invalidations;
      const photo = await saveAsset({
        file: { fileData: await png(40, 30), filename: 'Harbour photo.png' },
        newFolderPath: 'team/2025',
        alt: 'The harbour',
        focalPoint: [0.25, 0.75],
      });
      expect(photo).toMatchObject({
        title: 'Harbour Photo',
        filename: 'Harbour photo.png',
        path: 'team/2025/Harbour photo.png',
        kind: 'image',
        width: 40,
        height: 30,
        alt: 'The harbour',
        focalPoint: [0.25, 0.75],
        url: '/volumes/images/team/2025/Harbour%20photo.png',
      });
      expect(m.invalidations).toBe(before + 1);
      const stored = await sharp(join(m.volumeDir, 'team/2025/Harbour photo.png')).metadata();
      expect([stored.width, stored.height]).toEqual([40, 30]);

      // The same name again, in the same folder: `_1`; no name: Craft's `Upload.<ext>`.
      const again = await saveAsset({
        file: { fileData: await png(10, 10), filename: 'Harbour photo.png' },
        newFolderId: photo.folderId,
      });
      expect(again.filename).toBe('Harbour photo_1.png');
      const unnamed = await saveAsset({ file: { fileData: await png(5, 5) } });
      expect(unnamed).toMatchObject({ filename: 'Upload.png', path: 'Upload.png' });
    });

    it('replaces, renames and moves files, and adopts files already in the volume', async () => {
      const asset = await saveAsset({
        file: { fileData: await png(20, 20), filename: 'logo.png' },
      });
      const replaced = await saveAsset({
        id: asset.id,
        file: { fileData: await png(60, 20), filename: 'logo-wide.png' },
      });
      expect(replaced).toMatchObject({ id: asset.id, filename: 'logo-wide.png', width: 60 });
      // The replaced file is gone; the new one is in place.
      expect(existsSync(join(m.volumeDir, 'logo.png'))).toBe(false);
      expect(existsSync(join(m.volumeDir, 'logo-wide.png'))).toBe(true);

      const moved = await saveAsset({
        id: asset.id,
        filename: 'brand.png',
        newFolderPath: 'brand',
      });
      expect(moved).toMatchObject({ path: 'brand/brand.png', width: 60 });
      expect(existsSync(join(m.volumeDir, 'brand/brand.png'))).toBe(true);

      await mkdir(join(m.volumeDir, 'docs'), { recursive: true });
      await writeFile(join(m.volumeDir, 'docs/manual.txt'), 'Read me.');
      const adopted = await saveAsset({ filename: 'manual.txt', newFolderPath: 'docs' });
      expect(adopted).toMatchObject({
        title: 'Manual',
        kind: 'text',
        size: '8',
        width: null,
        path: 'docs/manual.txt',
      });
      expect(await readFile(join(m.volumeDir, 'docs/manual.txt'), 'utf8')).toBe('Read me.');
      expect(await errors(SAVE_ASSET, { filename: 'manual.txt', newFolderPath: 'docs' })).toEqual([
        'filename: "docs/manual.txt" belongs to another asset',
      ]);
      expect(await errors(SAVE_ASSET, { filename: 'missing.txt' })).toEqual([
        'filename: there is no file "missing.txt" in the volume',
      ]);
      expect(
        await errors(SAVE_ASSET, { id: adopted.id, filename: 'brand.png', newFolderPath: 'brand' }),
      ).toEqual(['filename: "brand/brand.png" is taken in this folder']);
    });

    it("refuses bad uploads with Craft's messages", async () => {
      const assets = await count('asset');
      expect(await errors(SAVE_ASSET, { title: 'Nothing' })).toEqual([
        'Impossible to create an asset without providing a file',
      ]);
      expect(await errors(SAVE_ASSET, { file: { fileData: 'not a data url' } })).toEqual([
        'Invalid file data provided',
      ]);
      expect(await errors(SAVE_ASSET, { file: { fileData: 'data:image/png;base64,@@@' } })).toEqual(
        ['Invalid file data provided'],
      );
      expect(await errors(SAVE_ASSET, { file: { url: 'https://example.com/a.png' } })).toEqual([
        'Uploading from a URL is not supported: send the file in `fileData` (data:<type>;base64,...)',
      ]);
      expect(
        await errors(SAVE_ASSET, { file: { fileData: await png(2, 2) }, newFolderId: '999999' }),
      ).toEqual(['Invalid folder id provided']);
      expect(
        await errors(SAVE_ASSET, { file: { fileData: await png(2, 2) }, newFolderPath: '../up' }),
      ).toEqual([
        'folder "../up": segments may not be "." or "..", contain "\\" or start with "_" (transform folders)',
      ]);
      expect(
        await errors(SAVE_ASSET, { file: { fileData: await png(2, 2) }, focalPoint: [2, 0] }),
      ).toEqual(['focalPoint: expected [x, y] with both between 0 and 1']);
      expect(await count('asset')).toBe(assets);
    });

    it('leaves nothing in the volume when a save fails after its file was written', async () => {
      const before = await volumeTree();
      const assets = await count('asset');
      // The title is checked after the file is in hand: today's writer had already copied it.
      const nul = 'Bad\u0000title';
      expect(
        await errors(SAVE_ASSET, {
          file: { fileData: await png(6, 6), filename: 'failed.png' },
          newFolderPath: 'failed/deep',
          title: nul,
        }),
      ).toEqual(['text cannot contain a NUL character']);
      expect(await volumeTree()).toEqual(before);
      expect(await count('asset')).toBe(assets);

      // Replacing an asset's file under the same name: the old file survives a failed save.
      const asset = await saveAsset({ file: { fileData: await png(7, 7), filename: 'keep.png' } });
      const old = await readFile(join(m.volumeDir, 'keep.png'));
      expect(
        await errors(SAVE_ASSET, {
          id: asset.id,
          file: { fileData: await png(9, 9), filename: 'keep.png' },
          title: nul,
        }),
      ).toEqual(['text cannot contain a NUL character']);
      expect((await readFile(join(m.volumeDir, 'keep.png'))).equals(old)).toBe(true);
      expect(await volumeTree()).toEqual([...before, 'keep.png'].sort());
    });

    it('refuses .js, .html and other extensions outside the allow-list, writing nothing', async () => {
      const before = await volumeTree();
      const assets = await count('asset');
      const script = `data:text/javascript;base64,${Buffer.from('alert(1)').toString('base64')}`;
      expect(await errors(SAVE_ASSET, { file: { fileData: script, filename: 'evil.js' } })).toEqual(
        ['“js” is not an allowed file extension.'],
      );
      // The data URL's type names the extension when no filename is given.
      expect(await errors(SAVE_ASSET, { file: { fileData: script } })).toEqual([
        '“js” is not an allowed file extension.',
      ]);
      const page = `data:text/html;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
      expect(await errors(SAVE_ASSET, { file: { fileData: page, filename: 'page.html' } })).toEqual(
        ['“html” is not an allowed file extension.'],
      );
      expect(await volumeTree()).toEqual(before);
      expect(await count('asset')).toBe(assets);
      // Renaming an existing asset to such a name is refused as well.
      const asset = await saveAsset({ file: { fileData: await png(3, 3), filename: 'ok.png' } });
      expect(await errors(SAVE_ASSET, { id: asset.id, filename: 'ok.js' })).toEqual([
        '“js” is not an allowed file extension.',
      ]);
      expect(existsSync(join(m.volumeDir, 'ok.png'))).toBe(true);
    });

    it('deletes assets softly, keeping their files', async () => {
      const asset = await saveAsset({ file: { fileData: await png(3, 3), filename: 'tmp.png' } });
      expect(
        await data(`mutation ($id: Int!) { deleteAsset(id: $id) }`, { id: Number(asset.id) }),
      ).toEqual({ deleteAsset: true });
      expect(
        await data(`query ($id: [QueryArgument]) { asset(id: $id) { id } }`, { id: [asset.id] }),
      ).toEqual({ asset: null });
      expect(existsSync(join(m.volumeDir, 'tmp.png'))).toBe(true);
      // A new upload does not take the trashed asset's name.
      const next = await saveAsset({ file: { fileData: await png(3, 3), filename: 'tmp.png' } });
      expect(next.filename).toBe('tmp_1.png');
    });
  });
});
