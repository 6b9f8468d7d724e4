import sharp from 'sharp';
import { ContentDemoWorld, startContentDemo } from '../../support/content-demo-world';
import { GraphqlClient } from '../../support/graphql-client';
import {
  AssetView,
  Data,
  data,
  DIRECTIVES_SEED,
  expectServedAsReported as expectServed,
  fieldErrors,
  ServedImage,
  servedImage,
} from '../fixtures/directives-world';

/**
 * `@formatDateTime` in several formats, zones and locales, and `@transform` with the asset
 * transform arguments, over HTTP against one service on PGlite with the demo content: each
 * transformed image fetched from the URL the API gave and measured with sharp.
 */
describe('content directives over HTTP (PGlite, demo content)', () => {
  let world: ContentDemoWorld;
  let gql: GraphqlClient;
  const served = (url: string) => servedImage(world, url);
  const expectServedAsReported = (asset: AssetView) => expectServed(world, asset);

  beforeAll(async () => {
    world = await startContentDemo({ seedFiles: DIRECTIVES_SEED });
    gql = world.gql;
  });
  afterAll(async () => {
    await world?.stop();
  });

  describe('@formatDateTime', () => {
    // 2024-07-14T22:30:00Z, the sampler's post date.
    const FORMATS: readonly [args: string, expected: string][] = [
      ['', '2024-07-14T22:30:00+00:00'],
      ['format: "Y-m-d H:i T", timezone: "America/New_York"', '2024-07-14 18:30 EDT'],
      ['format: "Y-m-d H:i T e", timezone: "Asia/Tokyo"', '2024-07-15 07:30 +09 Asia/Tokyo'],
      ['format: "D, d M Y H:i:s O", timezone: "Asia/Kolkata"', 'Mon, 15 Jul 2024 04:00:00 +0530'],
      ['format: "jS \\\\o\\\\f F Y, g:i a"', '14th of July 2024, 10:30 pm'],
      ['format: "N w z W t L o y n m"', '7 0 195 28 31 1 2024 24 7 07'],
      [
        'format: "c | r | U", timezone: "Europe/Paris"',
        `2024-07-15T00:30:00+02:00 | Mon, 15 Jul 2024 00:30:00 +0200 | ${Date.UTC(2024, 6, 14, 22, 30) / 1000}`,
      ],
      ['format: "I O P p Z T", timezone: "Europe/London"', '1 +0100 +01:00 +01:00 3600 BST'],
      ['format: "I T", timezone: "Europe/London"', '1 BST'],
      [
        'format: "l, j. F Y, H:i", timezone: "Europe/Berlin", locale: "de"',
        'Montag, 15. Juli 2024, 00:30',
      ],
      ['format: "d F Y", timezone: "Europe/Moscow", locale: "ru"', '15 июля 2024'],
      ['format: "D j M", locale: "en_US"', 'Sun 14 Jul'],
      ['format: "short", locale: "en-US"', '7/14/24, 10:30 PM'],
      ['format: "medium", locale: "fr", timezone: "Europe/Paris"', '15 juil. 2024, 00:30:00'],
      [
        'format: "long", locale: "en-GB", timezone: "Europe/London"',
        '14 July 2024 at 23:30:00 BST',
      ],
      [
        'format: "full", locale: "de", timezone: "Europe/Berlin"',
        'Montag, 15. Juli 2024 um 00:30:00 Mitteleuropäische Sommerzeit',
      ],
      [
        'format: "icu:EEEE, d MMMM y HH:mm zzzz", locale: "es", timezone: "America/Mexico_City"',
        'domingo, 14 julio 2024 16:30 hora estándar central',
      ],
      [`format: "icu:yyyy-MM-dd'T'HH:mm:ssXXX", timezone: "+05:45"`, '2024-07-15T04:15:00+05:45'],
      // Zone names in any letter case; the winter of the southern hemisphere.
      ['timezone: "australia/sydney"', '2024-07-15T08:30:00+10:00'],
      ['format: "php:Y-m-d"', '2024-07-14'],
    ];

    it('formats PHP letters, ICU patterns and locale lengths in any zone and locale', async () => {
      const fields = FORMATS.map(
        ([args], index) =>
          `f${index}: postDate${args === '' ? ' @formatDateTime' : ` @formatDateTime(${args})`}`,
      );
      const result = await data(
        gql,
        `{ entry(slug: "markdown-sampler") { postDate ${fields.join(' ')} } }`,
      );
      const entry = result.entry as Record<string, string>;
      expect(entry.postDate).toBe('2024-07-14T22:30:00+00:00');
      expect(FORMATS.map(([args], index) => [args, entry[`f${index}`]])).toEqual(
        FORMATS.map(([args, expected]) => [args, expected]),
      );
    });

    it('formats dates of custom fields, takes variables and leaves other values alone', async () => {
      const result = await data(
        gql,
        `query ($format: String, $zone: String, $locale: String) {
          entry(section: "about") {
            dateCreated @formatDateTime(format: $format, timezone: $zone, locale: $locale)
            title @formatDateTime(format: "Y")
            ... on about_about_Entry {
              eventDate @formatDateTime(format: "l j F Y, H:i T", timezone: "America/Los_Angeles")
              winter: dateCreated @formatDateTime(format: "H:i T", timezone: "America/Los_Angeles")
              contactEmail @formatDateTime(format: "Y")
            }
          }
        }`,
        { format: 'icu:d. MMMM y', zone: 'Europe/Vienna', locale: 'de-AT' },
      );
      expect(result.entry).toEqual({
        dateCreated: '1. Jänner 2024',
        title: 'About this demo',
        // 2025-10-15T18:00:00Z in Pacific daylight time; 2024-01-01T00:00:00Z in standard time.
        eventDate: 'Wednesday 15 October 2025, 11:00 PDT',
        winter: '16:00 PST',
        contactEmail: 'hello@example.com',
      });
    });

    it('reports a bad zone, locale or pattern with a message for the client', async () => {
      const errors = await fieldErrors(
        gql,
        `{ entry(slug: "markdown-sampler") {
          a: postDate @formatDateTime(timezone: "Mars/Olympus")
          b: postDate @formatDateTime(format: "icu:QQQ")
          c: postDate @formatDateTime(locale: "not a locale!")
          title
        } }`,
      );
      expect(errors).toEqual([
        [
          'Unknown or bad timezone (Mars/Olympus): use an IANA time zone name such as America/New_York, or UTC',
          ['entry', 'a'],
        ],
        [
          `Unsupported ICU date pattern field "QQQ" in "QQQ"; quote literal text with '...'`,
          ['entry', 'b'],
        ],
        ['Invalid locale (not a locale!): use a BCP 47 tag such as en-US or de', ['entry', 'c']],
      ]);
    });
  });

  describe('@transform and the asset transform arguments', () => {
    it('applies named transforms to relation fields, matrix blocks and root queries', async () => {
      const result = await data(
        gql,
        `{ entry(slug: "welcome-to-the-demo") {
            ... on news_article_Entry {
              heroImage @transform(handle: "thumb") { url width height mimeType format }
              contentBlocks {
                ... on contentBlocks_image_BlockType {
                  image @transform(handle: "thumb") { url width height mimeType }
                }
              }
            }
          }
          hero: assets(volume: "images", orderBy: "filename") @transform(handle: "hero") {
            filename url width height mimeType format
          }
          square: assets(volume: "images", orderBy: "filename") @transform(handle: "square") {
            filename url width height mimeType
          } }`,
      );
      const entry = result.entry as { heroImage: AssetView[]; contentBlocks: Data[] };
      expect(entry.heroImage).toEqual([
        {
          url: '/volumes/images/_thumb/harbour-at-dusk.jpg',
          width: 200,
          height: 200,
          mimeType: 'image/jpeg',
          format: 'jpg',
        },
      ]);
      expect((await expectServedAsReported(entry.heroImage[0])).format).toBe('jpeg');
      const block = entry.contentBlocks[2] as { image: AssetView[] };
      expect(block.image).toEqual([
        {
          url: '/volumes/images/_thumb/mountain-lake.jpg',
          width: 200,
          height: 200,
          mimeType: 'image/jpeg',
        },
      ]);
      await expectServedAsReported(block.image[0]);

      // hero: 1200×600, crop, WebP from JPEG and PNG alike.
      const hero = result.hero as (AssetView & { filename: string })[];
      expect(hero.map((asset) => asset.filename)).toEqual([
        'content-model-diagram.png',
        'editor-portrait.jpg',
        'harbour-at-dusk.jpg',
        'mountain-lake.jpg',
      ]);
      for (const asset of hero) {
        expect(asset).toMatchObject({ width: 1200, height: 600, mimeType: 'image/webp' });
        expect(asset.format).toBe('webp');
        expect((await expectServedAsReported(asset)).format).toBe('webp');
      }

      // square: fit inside 300×300, keeping each image's proportions.
      const square = result.square as (AssetView & { filename: string })[];
      expect(square.map(({ filename, width, height }) => [filename, width, height])).toEqual([
        ['content-model-diagram.png', 300, 300],
        ['editor-portrait.jpg', 225, 300],
        ['harbour-at-dusk.jpg', 300, 225],
        ['mountain-lake.jpg', 300, 169],
      ]);
      for (const asset of square) await expectServedAsReported(asset);
    });

    it('takes ad-hoc arguments on url, width and height', async () => {
      const result = await data(
        gql,
        `{ assets(filename: "mountain-lake.jpg") {
            original: url w: width h: height
            byWidth: url(width: 100) byWidthW: width(width: 100) byWidthH: height(width: 100)
            crop: url(width: 120, height: 120, position: "top-left")
            stretch: url(width: 123, height: 77, mode: "stretch", format: "avif")
            letterbox: url(width: 300, height: 300, mode: "letterbox", format: "png")
            named: url(transform: "thumb")
            progressive: url(width: 160, interlace: "line")
            low: url(width: 400, quality: 10)
            high: url(width: 400, quality: 95)
            gif: url(width: 64, format: "gif")
          } }`,
      );
      const asset = (result.assets as Record<string, string | number>[])[0];
      expect(asset).toMatchObject({ w: 800, h: 450, byWidthW: 100, byWidthH: 56 });
      const sizes: Record<string, [number, number, string, string]> = {
        original: [800, 450, 'jpeg', 'image/jpeg'],
        byWidth: [100, 56, 'jpeg', 'image/jpeg'],
        crop: [120, 120, 'jpeg', 'image/jpeg'],
        stretch: [123, 77, 'heif', 'image/avif'],
        letterbox: [300, 300, 'png', 'image/png'],
        named: [200, 200, 'jpeg', 'image/jpeg'],
        progressive: [160, 90, 'jpeg', 'image/jpeg'],
        low: [400, 225, 'jpeg', 'image/jpeg'],
        high: [400, 225, 'jpeg', 'image/jpeg'],
        gif: [64, 36, 'gif', 'image/gif'],
      };
      const images: Record<string, ServedImage> = {};
      for (const [key, [width, height, format, contentType]] of Object.entries(sizes)) {
        const image = await served(String(asset[key]));
        images[key] = image;
        expect([key, image.width, image.height, image.format, image.contentType]).toEqual([
          key,
          width,
          height,
          format,
          contentType,
        ]);
      }
      expect((await sharp(images.progressive.bytes).metadata()).isProgressive).toBe(true);
      expect((await sharp(images.byWidth.bytes).metadata()).isProgressive).toBe(false);
      expect(images.low.bytes.length).toBeLessThan(images.high.bytes.length);
      // Letterbox: the 300×169 picture in the middle, transparent bands above and below.
      const { data: pixels, info } = await sharp(images.letterbox.bytes)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const alphaAt = (x: number, y: number) => pixels[(y * info.width + x) * info.channels + 3];
      expect([alphaAt(0, 0), alphaAt(299, 299), alphaAt(150, 150)]).toEqual([0, 0, 255]);
    });

    it('makes srcset and img from the transformed image', async () => {
      const result = await data(
        gql,
        `{ entry(slug: "welcome-to-the-demo") {
            ... on news_article_Entry {
              heroImage @transform(width: 300) {
                url width height srcset(sizes: ["1x", "2x", "150w"]) img
              }
            }
          } }`,
      );
      const [image] = (result.entry as { heroImage: (AssetView & Data)[] }).heroImage;
      expect(image).toMatchObject({ width: 300, height: 225 });
      await expectServedAsReported(image);
      const candidates = String(image.srcset)
        .split(', ')
        .map((candidate) => candidate.split(' '));
      expect(candidates.map(([, descriptor]) => descriptor)).toEqual([undefined, '2x', '150w']);
      expect(candidates[0][0]).toBe(image.url);
      const widths = [];
      for (const [url] of candidates) widths.push((await served(url)).width);
      expect(widths).toEqual([300, 600, 150]);
      expect(image.img).toBe(
        `<img src="${image.url}" width="300" height="225" alt="A sailing boat in a harbour at sunset">`,
      );
    });

    it('reports bad transform arguments with messages for the client', async () => {
      const errors = await fieldErrors(
        gql,
        `{ assets(filename: "mountain-lake.jpg") {
            a: url(width: 100, mode: "squash") b: url(width: 0) c: url(handle: "nope")
            d: url(format: "bmp") title
          } }`,
      );
      expect(errors).toEqual([
        [
          'Invalid transform mode "squash": use one of crop, fit, stretch, letterbox',
          ['assets', 0, 'a'],
        ],
        [
          'Transform width must be a whole number of pixels from 1 to 8192 (got 0)',
          ['assets', 0, 'b'],
        ],
        ['Invalid transform handle: nope', ['assets', 0, 'c']],
        [
          'Invalid transform format "bmp": use one of jpg, png, gif, webp, avif',
          ['assets', 0, 'd'],
        ],
      ]);
    });
  });
});
