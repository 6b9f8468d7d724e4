import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { TransformArgumentError } from './transform-argument-error';
import { assetRecord, modelWith, volume } from './asset-files.fixtures';
import { ImageRenderer } from './image-renderer';
import { LocalAssetFiles } from './local-asset-files';

let root: string;
let files: LocalAssetFiles;
const images = () => volume(1, 'images', root);

/** 1200x800: the left half red, the right half blue. */
async function twoColourImage(path: string, format: 'jpeg' | 'png' | 'tiff'): Promise<void> {
  const [width, height] = [1200, 800];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      pixels.set(x < 600 ? [255, 0, 0] : [0, 0, 255], (y * width + x) * 3);
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toFile(path);
}

/** The colour at (x, y) of an image file, as 'red', 'blue', 'white' or 'transparent'. */
async function colourAt(path: string, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(path)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  const [r, g, b, a] = [data[at], data[at + 1], data[at + 2], data[at + 3]];
  if (a < 16) return 'transparent';
  if (r > 200 && g > 200 && b > 200) return 'white';
  if (r > 200 && g < 60 && b < 60) return 'red';
  if (b > 200 && r < 60 && g < 60) return 'blue';
  return `rgba(${r},${g},${b},${a})`;
}

const landscape = (extra: Parameters<typeof assetRecord>[0] | object = {}) =>
  assetRecord({ filename: 'landscape.jpg', ...extra });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'h4-assets-'));
  await twoColourImage(join(root, 'landscape.jpg'), 'jpeg');
  await twoColourImage(join(root, 'scan.tiff'), 'tiff');
  await sharp({
    create: {
      width: 400,
      height: 200,
      channels: 4,
      background: { r: 0, g: 0, b: 255, alpha: 0.5 },
    },
  })
    .png()
    .toFile(join(root, 'logo.png'));
  // stored 200x100 with EXIF orientation 6: displayed 100x200
  await sharp({ create: { width: 200, height: 100, channels: 3, background: '#f00' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toFile(join(root, 'rotated.jpg'));
  await mkdir(join(root, 'photos', '2024 trip'), { recursive: true });
  await twoColourImage(join(root, 'photos', '2024 trip', 'my café.jpg'), 'jpeg');
  await writeFile(
    join(root, 'icon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
  );
  await writeFile(join(root, 'doc.pdf'), '%PDF-1.4\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  files = new LocalAssetFiles(
    modelWith(
      [images()],
      [
        {
          id: 1,
          uid: 't-thumb',
          handle: 'thumb',
          name: 'Thumb',
          width: 120,
          height: 120,
          mode: 'fit',
          position: 'center-center',
          quality: null,
          format: 'webp',
          interlace: 'none',
        },
      ],
    ),
  );
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('LocalAssetFiles.url', () => {
  it('joins the base URL, the folder path and the file name, URL-encoded', () => {
    const asset = assetRecord({ filename: 'my café.jpg', folderPath: 'photos/2024 trip/' });
    expect(files.url(asset, images())).toBe(
      '/volumes/images/photos/2024%20trip/my%20caf%C3%A9.jpg',
    );
    expect(files.url(asset, volume(2, 'cdn', root, 'https://cdn.example.com/img/'))).toBe(
      'https://cdn.example.com/img/photos/2024%20trip/my%20caf%C3%A9.jpg',
    );
  });
});

describe('LocalAssetFiles.transform', () => {
  it('crops to the box, in the Craft-named folder beside the source', async () => {
    const image = await files.transform(landscape(), images(), { width: 300, height: 300 });
    expect(image).toEqual({
      url: '/volumes/images/_300x300_crop_center-center_none/landscape.jpg',
      width: 300,
      height: 300,
      format: 'jpg',
      mimeType: 'image/jpeg',
    });
    const written = await sharp(
      join(root, '_300x300_crop_center-center_none', 'landscape.jpg'),
    ).metadata();
    expect([written.format, written.width, written.height]).toEqual(['jpeg', 300, 300]);
  });

  it.each([
    [{ width: 300, height: 300, mode: 'fit' }, '_300x300_fit_center-center_none', 300, 200],
    [{ height: 100, mode: 'fit' }, '_AUTOx100_fit_center-center_none', 150, 100],
    [{ width: 100, height: 300, mode: 'stretch' }, '_100x300_stretch_center-center_none', 100, 300],
    [
      { width: 300, height: 300, mode: 'letterbox' },
      '_300x300_letterbox_center-center_none',
      300,
      300,
    ],
    [{ width: 240 }, '_240xAUTO_crop_center-center_none', 240, 160],
    [{ width: 2400, mode: 'fit' }, '_2400xAUTO_fit_center-center_none', 2400, 1600],
  ])('%j draws %s at %ix%i', async (args, folder, width, height) => {
    const image = await files.transform(landscape(), images(), args);
    expect(image).toMatchObject({ url: `/volumes/images/${folder}/landscape.jpg`, width, height });
    const written = await sharp(join(root, folder, 'landscape.jpg')).metadata();
    expect([written.width, written.height]).toEqual([width, height]);
  });

  it('crops at the position, or around the focal point when the asset has one', async () => {
    // 1200x800 into 200x400: scaled to 600x400, 400 px of width to cut
    const middle = async (extra: object, args: object): Promise<string> => {
      const image = await files.transform(landscape(extra), images(), {
        width: 200,
        height: 400,
        ...args,
      });
      return colourAt(join(root, image!.url.replace('/volumes/images/', '')), 100, 200);
    };
    expect(await middle({}, { position: 'top-left' })).toBe('red');
    expect(await middle({}, { position: 'bottom-right' })).toBe('blue');
    const centre = await files.transform(landscape(), images(), { width: 200, height: 400 });
    const centrePath = join(root, centre!.url.replace('/volumes/images/', ''));
    expect([await colourAt(centrePath, 10, 200), await colourAt(centrePath, 190, 200)]).toEqual([
      'red',
      'blue',
    ]);
    // the focal point wins over the position
    const focal = (x: number) =>
      landscape({ focalPoint: [x, 0.5] as const, filename: `focal-${x}.jpg` });
    await twoColourImage(join(root, 'focal-0.9.jpg'), 'jpeg');
    await twoColourImage(join(root, 'focal-0.1.jpg'), 'jpeg');
    const right = await files.transform(focal(0.9), images(), {
      width: 200,
      height: 400,
      position: 'top-left',
    });
    const left = await files.transform(focal(0.1), images(), {
      width: 200,
      height: 400,
      position: 'bottom-right',
    });
    expect(await colourAt(join(root, right!.url.replace('/volumes/images/', '')), 100, 200)).toBe(
      'blue',
    );
    expect(await colourAt(join(root, left!.url.replace('/volumes/images/', '')), 100, 200)).toBe(
      'red',
    );
  });

  it('letterboxes on transparency, or on white for JPEG', async () => {
    const png = await files.transform(landscape(), images(), {
      width: 300,
      height: 300,
      mode: 'letterbox',
      format: 'png',
    });
    const pngPath = join(root, '_300x300_letterbox_center-center_none', 'landscape.png');
    expect(png).toMatchObject({ width: 300, height: 300, format: 'png', mimeType: 'image/png' });
    expect(await colourAt(pngPath, 150, 10)).toBe('transparent');
    expect(await colourAt(pngPath, 10, 150)).toBe('red');
    const jpg = await files.transform(landscape(), images(), {
      width: 300,
      height: 300,
      mode: 'letterbox',
      position: 'top-center',
    });
    const jpgPath = join(root, '_300x300_letterbox_top-center_none', 'landscape.jpg');
    expect(jpg).toMatchObject({ width: 300, height: 300 });
    expect(await colourAt(jpgPath, 50, 10)).toBe('red');
    expect(await colourAt(jpgPath, 150, 290)).toBe('white');
  });

  it.each([
    ['webp', 'webp', 'image/webp'],
    ['avif', 'heif', 'image/avif'],
    ['gif', 'gif', 'image/gif'],
    ['png', 'png', 'image/png'],
  ])('converts to %s', async (format, sharpFormat, mimeType) => {
    const image = await files.transform(landscape(), images(), { width: 60, format });
    expect(image).toEqual({
      url: `/volumes/images/_60xAUTO_crop_center-center_none/landscape.${format}`,
      width: 60,
      height: 40,
      format,
      mimeType,
    });
    const written = await sharp(
      join(root, '_60xAUTO_crop_center-center_none', `landscape.${format}`),
    ).metadata();
    expect([written.format, written.width, written.height]).toEqual([sharpFormat, 60, 40]);
  });

  it('turns non-web sources into jpg, or png when they have transparency', async () => {
    const tiff = await files.transform(assetRecord({ filename: 'scan.tiff' }), images(), {
      width: 50,
    });
    expect(tiff).toMatchObject({
      url: '/volumes/images/_50xAUTO_crop_center-center_none/scan.jpg',
      format: 'jpg',
    });
    const png = await files.transform(assetRecord({ filename: 'logo.png' }), images(), {
      width: 100,
      format: 'jpg',
    });
    expect(png).toMatchObject({ width: 100, height: 50, format: 'jpg' });
    const flattened = join(root, '_100xAUTO_crop_center-center_none', 'logo.jpg');
    expect((await sharp(flattened).metadata()).hasAlpha).toBe(false);
  });

  it('honours interlace and quality', async () => {
    await files.transform(landscape(), images(), { width: 400, interlace: 'line' });
    const progressive = await sharp(
      join(root, '_400xAUTO_crop_center-center_line', 'landscape.jpg'),
    ).metadata();
    expect(progressive.isProgressive).toBe(true);
    await files.transform(landscape(), images(), { width: 400, quality: 5 });
    await files.transform(landscape(), images(), { width: 400, quality: 100 });
    const low = await stat(join(root, '_400xAUTO_crop_center-center_5_none', 'landscape.jpg'));
    const high = await stat(join(root, '_400xAUTO_crop_center-center_100_none', 'landscape.jpg'));
    expect(low.size).toBeLessThan(high.size);
  });

  it('applies a named transform, which wins over ad-hoc arguments', async () => {
    const image = await files.transform(landscape(), images(), { handle: 'thumb', width: 999 });
    expect(image).toEqual({
      url: '/volumes/images/_thumb/landscape.webp',
      width: 120,
      height: 80,
      format: 'webp',
      mimeType: 'image/webp',
    });
    expect((await sharp(join(root, '_thumb', 'landscape.webp')).metadata()).width).toBe(120);
    await expect(files.transform(landscape(), images(), { transform: 'nope' })).rejects.toThrow(
      new TransformArgumentError('Invalid transform handle: nope'),
    );
  });

  it('keeps the frames of an animated GIF drawn as GIF or WebP, the first frame otherwise', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((colour) =>
        sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
          .raw()
          .toBuffer(),
      ),
    );
    await sharp(Buffer.concat(frames), {
      raw: { width: 60, height: 120, channels: 3, pageHeight: 40 },
    })
      .gif({ delay: [100, 100, 100], loop: 0 })
      .toFile(join(root, 'anim.gif'));
    const anim = assetRecord({ filename: 'anim.gif' });
    for (const format of ['gif', 'webp', 'png']) {
      const image = await files.transform(anim, images(), { width: 30, height: 30, format });
      expect(image).toMatchObject({ width: 30, height: 30 });
      const written = await sharp(join(root, '_30x30_crop_center-center_none', `anim.${format}`), {
        animated: true,
      }).metadata();
      expect([written.pages ?? 1, written.width, written.pageHeight ?? written.height]).toEqual([
        format === 'png' ? 1 : 3,
        30,
        30,
      ]);
    }
  });

  it('reads EXIF orientation: sizes are as displayed', async () => {
    const image = await files.transform(assetRecord({ filename: 'rotated.jpg' }), images(), {
      width: 50,
      height: 50,
      mode: 'fit',
    });
    expect(image).toMatchObject({ width: 25, height: 50 });
    const written = await sharp(
      join(root, '_50x50_fit_center-center_none', 'rotated.jpg'),
    ).metadata();
    expect([written.width, written.height]).toEqual([25, 50]);
  });

  it('keeps subfolders: the transform folder sits beside the source', async () => {
    const asset = assetRecord({ filename: 'my café.jpg', folderPath: 'photos/2024 trip/' });
    const image = await files.transform(asset, images(), { width: 30 });
    expect(image?.url).toBe(
      '/volumes/images/photos/2024%20trip/_30xAUTO_crop_center-center_none/my%20caf%C3%A9.jpg',
    );
    await expect(
      stat(join(root, 'photos', '2024 trip', '_30xAUTO_crop_center-center_none', 'my café.jpg')),
    ).resolves.toBeDefined();
  });

  it('answers null for what it cannot transform', async () => {
    const svg = assetRecord({ filename: 'icon.svg', width: 10, height: 10 });
    const pdf = assetRecord({ filename: 'doc.pdf', kind: 'pdf' });
    const missing = assetRecord({ filename: 'missing.jpg' });
    const outside = assetRecord({ filename: 'landscape.jpg', folderPath: '../' });
    for (const asset of [svg, pdf, missing, outside]) {
      await expect(files.transform(asset, images(), { width: 10 })).resolves.toBeNull();
    }
  });

  it('validates arguments whatever the asset', async () => {
    const pdf = assetRecord({ filename: 'doc.pdf', kind: 'pdf' });
    await expect(files.transform(pdf, images(), { mode: 'zoom' })).rejects.toThrow(
      TransformArgumentError,
    );
    await expect(
      files.transform(landscape(), images(), { width: 8000, height: 8000, mode: 'stretch' }),
    ).rejects.toThrow(
      'Transform output of 8000x8000 pixels is too large (at most 16777216 pixels)',
    );
  });

  it('describes the original when no transform is asked for', async () => {
    await expect(files.transform(landscape(), images(), { immediately: true })).resolves.toEqual({
      url: '/volumes/images/landscape.jpg',
      width: 1200,
      height: 800,
      format: 'jpg',
      mimeType: 'image/jpeg',
    });
    const known = assetRecord({
      filename: 'landscape.jpg',
      width: 12,
      height: 8,
      mimeType: 'image/jpeg',
    });
    await expect(files.transform(known, images(), {})).resolves.toMatchObject({
      width: 12,
      height: 8,
    });
  });

  it('generates a file once for concurrent requests, atomically', async () => {
    const render = jest.spyOn(ImageRenderer.prototype, 'render');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        files.transform(landscape(), images(), { width: 333, mode: 'fit' }),
      ),
    );
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await readdir(join(root, '_333xAUTO_fit_center-center_none'))).toEqual([
      'landscape.jpg',
    ]);
  });

  it('reuses an existing file while it is newer than its source', async () => {
    await twoColourImage(join(root, 'reuse.jpg'), 'jpeg');
    const asset = assetRecord({ filename: 'reuse.jpg' });
    const args = { width: 222, mode: 'fit' };
    await files.transform(asset, images(), args);
    const render = jest.spyOn(ImageRenderer.prototype, 'render');
    const again = new LocalAssetFiles(modelWith([images()]));
    await again.transform(asset, images(), args);
    expect(render).not.toHaveBeenCalled();

    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, 'reuse.jpg'), later, later);
    await again.transform(asset, images(), args);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('redraws a crop when the asset was edited after the file was made (focal point)', async () => {
    await twoColourImage(join(root, 'edited.jpg'), 'jpeg');
    const args = { width: 111, height: 111 };
    await files.transform(assetRecord({ filename: 'edited.jpg' }), images(), args);
    const render = jest.spyOn(ImageRenderer.prototype, 'render');
    await files.transform(assetRecord({ filename: 'edited.jpg' }), images(), args);
    expect(render).not.toHaveBeenCalled();
    const edited = assetRecord(
      { filename: 'edited.jpg', focalPoint: [0.9, 0.5] },
      1,
      new Date(Date.now() + 120_000),
    );
    await files.transform(edited, images(), args);
    expect(render).toHaveBeenCalledTimes(1);
  });
});

describe('LocalAssetFiles.srcset', () => {
  it('lists density sizes of the original', async () => {
    await expect(
      files.srcset(landscape({ width: 1200, height: 800 }), images(), ['1x', '1.5x']),
    ).resolves.toBe(
      '/volumes/images/landscape.jpg, /volumes/images/_1800xAUTO_crop_center-center_none/landscape.jpg 1.5x',
    );
  });

  it('builds on the current transform', async () => {
    const srcset = await files.srcset(landscape(), images(), ['1x', '2x', '450w', '2x'], {
      width: 300,
      height: 200,
    });
    expect(srcset).toBe(
      [
        '/volumes/images/_300x200_crop_center-center_none/landscape.jpg',
        '/volumes/images/_600x400_crop_center-center_none/landscape.jpg 2x',
        '/volumes/images/_450x300_crop_center-center_none/landscape.jpg 450w',
      ].join(', '),
    );
    const written = await sharp(
      join(root, '_450x300_crop_center-center_none', 'landscape.jpg'),
    ).metadata();
    expect([written.width, written.height]).toEqual([450, 300]);
    await expect(files.srcset(landscape(), images(), ['2x'], { handle: 'thumb' })).resolves.toBe(
      '/volumes/images/_240x160_fit_center-center_none/landscape.webp 2x',
    );
  });

  it('leaves out sizes beyond the transform limits', async () => {
    const big = landscape({ width: 5000, height: 3000 });
    await expect(files.srcset(big, images(), ['1x', '2x'])).resolves.toBe(
      '/volumes/images/landscape.jpg',
    );
  });

  it('lists the original for every size of an image it cannot transform', async () => {
    const svg = assetRecord({ filename: 'icon.svg', width: 10, height: 10 });
    await expect(files.srcset(svg, images(), ['1x', '2x'])).resolves.toBe(
      '/volumes/images/icon.svg, /volumes/images/icon.svg 2x',
    );
  });

  it('answers null for non-images, unknown sizes and no sizes', async () => {
    const pdf = assetRecord({ filename: 'doc.pdf', kind: 'pdf' });
    await expect(files.srcset(pdf, images(), ['1x'])).resolves.toBeNull();
    await expect(
      files.srcset(assetRecord({ filename: 'icon.svg' }), images(), ['1x']),
    ).resolves.toBeNull();
    await expect(files.srcset(landscape(), images(), [])).resolves.toBeNull();
  });

  it('rejects a malformed size', async () => {
    await expect(files.srcset(landscape(), images(), ['wide'])).rejects.toThrow(
      'Invalid srcset size: wide',
    );
  });
});
