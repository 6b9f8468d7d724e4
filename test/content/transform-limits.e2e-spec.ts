import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startContentDemo, type ContentDemoWorld } from '../support/content-demo-world';
import type { GraphqlClient } from '../support/graphql-client';

/**
 * Issue 19, finding 4: image transforms cannot fill the disk. Ad-hoc transforms are for tokens
 * only by default, outputs are capped in pixels, each source image keeps a bounded number of
 * generated files, and the public schema has complexity and depth limits.
 */
interface Answer {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly { message: string }[];
}

const ADHOC_REFUSED =
  'Ad-hoc image transforms are not allowed with this schema: use a named transform (handle)';

/** Every file under `folder` (recursively), as paths relative to it. */
function filesUnder(folder: string, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(join(folder, entry.name), relative) : [relative];
  });
}

function volumeDir(world: ContentDemoWorld): string {
  return join(dirname(world.projectDir), 'data', 'volumes', 'images');
}

async function ask(client: GraphqlClient, query: string): Promise<Answer> {
  const answer = await client.postGraphql<Answer>(query);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('ad-hoc transforms and limits by default', () => {
  let world: ContentDemoWorld;

  beforeAll(async () => {
    world = await startContentDemo({
      // Empty: the setting's default, not the e2e helper's `any`. A small per-request budget.
      env: { GRAPHQL_ADHOC_TRANSFORMS: '', CONTENT_TRANSFORM_MAX_PER_REQUEST: '4' },
    });
  });

  afterAll(async () => {
    await world?.stop();
  });

  it('refuses ad-hoc transforms and srcset sizes on the public schema; named ones work', async () => {
    const refused = await ask(
      world.gql,
      `{ assets(filename: "mountain-lake.jpg") {
          a: url(width: 8180, height: 6100, format: "png", quality: 100)
          b: url(width: 100)
        } }`,
    );
    expect(refused.errors?.map((error) => error.message)).toEqual([ADHOC_REFUSED, ADHOC_REFUSED]);

    const directive = await ask(
      world.gql,
      `{ assets(filename: "mountain-lake.jpg") @transform(width: 50) { url } }`,
    );
    expect(directive.errors?.map((error) => error.message)).toEqual([ADHOC_REFUSED]);

    const srcset = await ask(
      world.gql,
      `{ assets(filename: "mountain-lake.jpg") { srcset(sizes: ["1x", "2x"]) } }`,
    );
    expect(srcset.errors?.map((error) => error.message)).toEqual([ADHOC_REFUSED]);

    const named = await ask(
      world.gql,
      `{ assets(filename: "mountain-lake.jpg") { url(handle: "thumb") width(handle: "thumb") } }`,
    );
    expect(named.errors).toBeUndefined();
    expect(named.data).toEqual({
      assets: [{ url: expect.stringContaining('/_thumb/mountain-lake.jpg'), width: 200 }],
    });
  });

  it('lets a token use ad-hoc transforms, up to the pixel cap', async () => {
    const editorial = await world.clientFor('editorial');
    const small = await ask(
      editorial,
      `{ assets(filename: "mountain-lake.jpg") { url(width: 100) width(width: 100) } }`,
    );
    expect(small.errors).toBeUndefined();
    expect(small.data).toEqual({
      assets: [{ url: expect.stringContaining('/mountain-lake.jpg'), width: 100 }],
    });

    const before = filesUnder(volumeDir(world)).sort();
    const huge = await ask(
      editorial,
      `{ assets(filename: "mountain-lake.jpg") {
          a: url(width: 8180, height: 6100, format: "png", quality: 100)
          b: url(width: 8180, height: 6100, format: "png", quality: 99)
        } }`,
    );
    const tooLarge = 'Transform output of 8180x6100 pixels is too large (at most 16777216 pixels)';
    expect(huge.errors?.map((error) => error.message)).toEqual([tooLarge, tooLarge]);
    expect(filesUnder(volumeDir(world)).sort()).toEqual(before);
  });

  it('draws at most CONTENT_TRANSFORM_MAX_PER_REQUEST new transforms in one request (issue 29)', async () => {
    const editorial = await world.clientFor('editorial');
    const aliases = [201, 202, 203, 204, 205, 206].map(
      (width) => `w${width}: url(width: ${width})`,
    );
    const answer = await ask(
      editorial,
      `{ assets(filename: "mountain-lake.jpg") { ${aliases.join(' ')} } }`,
    );
    const spent =
      'This request has generated 4 new image transforms, the most one request may; ask again for the others';
    expect(answer.errors?.map((error) => error.message)).toEqual([spent, spent]);
    const urls = Object.values((answer.data?.assets as Record<string, unknown>[])[0]);
    expect(urls.filter((url) => typeof url === 'string')).toHaveLength(4);
  });

  it('applies complexity and depth limits to the public schema', async () => {
    let nested = 'title';
    for (let level = 0; level < 22; level += 1) nested = `children { ${nested} }`;
    const deep = await ask(world.gql, `{ entries(section: "pages") { ${nested} } }`);
    expect(deep.data).toBeUndefined();
    expect(deep.errors?.map((error) => error.message)).toEqual([
      expect.stringMatching(/^Max query depth should be 20 but got \d+\.$/),
    ]);

    let wide = '';
    for (let alias = 0; alias < 300; alias += 1) wide += ` e${alias}: entries { children { id } }`;
    const complex = await ask(world.gql, `{ ${wide} }`);
    expect(complex.data).toBeUndefined();
    expect(complex.errors?.map((error) => error.message)).toEqual([
      expect.stringMatching(/^Max query complexity should be 10000 but got \d+\.$/),
    ]);
  });
});

describe('generated files per asset', () => {
  let world: ContentDemoWorld;

  beforeAll(async () => {
    world = await startContentDemo({ env: { CONTENT_TRANSFORM_MAX_FILES_PER_ASSET: '3' } });
  });

  afterAll(async () => {
    await world?.stop();
  });

  it('keeps at most CONTENT_TRANSFORM_MAX_FILES_PER_ASSET files of one image, newest kept', async () => {
    const widths = [101, 102, 103, 104, 105];
    for (const width of widths) {
      const answer = await ask(
        world.gql,
        `{ assets(filename: "harbour-at-dusk.jpg") { url(width: ${width}) } }`,
      );
      expect(answer.errors).toBeUndefined();
    }
    const generated = filesUnder(volumeDir(world))
      .filter((path) => path.startsWith('_') && path.endsWith('/harbour-at-dusk.jpg'))
      .sort();
    expect(generated).toEqual([
      '_103xAUTO_crop_center-center_none/harbour-at-dusk.jpg',
      '_104xAUTO_crop_center-center_none/harbour-at-dusk.jpg',
      '_105xAUTO_crop_center-center_none/harbour-at-dusk.jpg',
    ]);
    // The removed files' folders are gone too, once empty (issue 29).
    expect(
      readdirSync(volumeDir(world))
        .filter((name) => name.startsWith('_10'))
        .sort(),
    ).toEqual([
      '_103xAUTO_crop_center-center_none',
      '_104xAUTO_crop_center-center_none',
      '_105xAUTO_crop_center-center_none',
    ]);
    // The source itself is never counted or removed.
    expect(statSync(join(volumeDir(world), 'harbour-at-dusk.jpg')).size).toBeGreaterThan(0);
  });
});
