import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { type ContentDemoWorld, startContentDemo } from '../support/content-demo-world';
import type { GraphqlClient } from '../support/graphql-client';
import { PROJECT_ROOT } from '../support/service-process';

/**
 * Asset uploads through GraphQL against the built service on PGlite (issue 19, finding 7): a save
 * that fails leaves no file in the volume and nothing served under /volumes/; `.js` and `.html`
 * uploads are refused with Craft's message and never written; an allowed upload is stored and
 * served; a volume's own `allowedFileExtensions` in the project YAML wins over the default list.
 */

/** The demo volumes plus one that takes text files only. */
const ASSETS = `
volumes:
  - handle: images
    name: Images
  - handle: documents
    name: Documents
    allowedFileExtensions: [txt, PDF]
`;

const UPLOADER = `
  - handle: uploader
    name: Uploader
    scope:
      - volumes.images:read
      - volumes.images:create
      - volumes.images:save
      - volumes.documents:read
      - volumes.documents:create
      - volumes.documents:save
`;

const SAVE_IMAGE = `mutation ($id: ID, $file: FileInput, $title: String, $newFolderPath: String) {
  save_images_Asset(id: $id, _file: $file, title: $title, newFolderPath: $newFolderPath) {
    id filename url
  }
}`;
const SAVE_DOCUMENT = `mutation ($file: FileInput) {
  save_documents_Asset(_file: $file) { filename url }
}`;

interface Answer<T> {
  readonly data?: T;
  readonly errors?: readonly { message: string }[];
}
interface SavedImage {
  save_images_Asset: { id: string; filename: string; url: string };
}

let world: ContentDemoWorld;
let uploader: GraphqlClient;
let volumes: string;

beforeAll(async () => {
  const demoSchemas = readFileSync(
    join(PROJECT_ROOT, 'config', 'content', 'project', 'graphql.yaml'),
    'utf8',
  );
  world = await startContentDemo({
    projectFiles: { 'assets.yaml': ASSETS, 'graphql.yaml': demoSchemas + UPLOADER },
  });
  uploader = await world.clientFor('uploader');
  // startContentDemo's DATA_DIR, whose volumes/ holds each volume's files.
  volumes = join(dirname(world.projectDir), 'data', 'volumes');
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

async function post<T>(query: string, variables: Record<string, unknown>): Promise<Answer<T>> {
  const answer = await uploader.post<Answer<T>>({ query, variables });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function messages(query: string, variables: Record<string, unknown>): Promise<string[]> {
  const body = await post(query, variables);
  expect(body.errors).toBeDefined();
  return body.errors!.map((error) => error.message);
}

/** Every file and folder of a volume, hidden ones included. */
function tree(volume: string): string[] {
  const root = join(volumes, volume);
  return readdirSync(root, { recursive: true })
    .map((entry) => relative(root, join(root, String(entry))))
    .sort();
}

const served = (path: string) => fetch(`${world.service.httpUrl}${path}`);
const dataUrl = (type: string, content: Buffer | string) =>
  `data:${type};base64,${Buffer.from(content).toString('base64')}`;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

describe('asset uploads', () => {
  it('a save that fails after the file arrived leaves nothing in the volume and nothing served', async () => {
    const before = tree('images');
    const file = { fileData: dataUrl('image/png', await png(16, 16)), filename: 'failed.png' };
    // PostgreSQL text cannot hold NUL: the title fails the save after the upload was decoded.
    expect(
      await messages(SAVE_IMAGE, { file, title: 'Bad\u0000title', newFolderPath: 'failed' }),
    ).toEqual(['text cannot contain a NUL character']);
    expect(tree('images')).toEqual(before);
    expect((await served('/volumes/images/failed/failed.png')).status).toBe(404);

    // Replacing an asset's file under its own name: the old file is served after a failed save.
    const original = await png(20, 10);
    const saved = await post<SavedImage>(SAVE_IMAGE, {
      file: { fileData: dataUrl('image/png', original), filename: 'kept.png' },
    });
    expect(saved.errors).toBeUndefined();
    const { id, url } = saved.data!.save_images_Asset;
    expect(
      await messages(SAVE_IMAGE, {
        id,
        file: { fileData: dataUrl('image/png', await png(30, 30)), filename: 'kept.png' },
        title: 'Bad\u0000title',
      }),
    ).toEqual(['text cannot contain a NUL character']);
    const answer = await served(url);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(original)).toBe(true);
    expect(tree('images')).toEqual([...before, 'kept.png'].sort());
  });

  it('refuses .js and .html uploads by default and writes nothing', async () => {
    const before = tree('images');
    const script = 'fetch("/api/user").then((r) => r.text()).then(alert)';
    expect(
      await messages(SAVE_IMAGE, {
        file: { fileData: dataUrl('text/javascript', script), filename: 'evil.js' },
      }),
    ).toEqual(['“js” is not an allowed file extension.']);
    expect(
      await messages(SAVE_IMAGE, {
        file: { fileData: dataUrl('text/html', `<script>${script}</script>`), filename: 'x.html' },
      }),
    ).toEqual(['“html” is not an allowed file extension.']);
    expect(tree('images')).toEqual(before);
    expect((await served('/volumes/images/evil.js')).status).toBe(404);
    expect((await served('/volumes/images/x.html')).status).toBe(404);
  });

  it('stores and serves an allowed upload', async () => {
    const image = await png(24, 12);
    const saved = await post<SavedImage>(SAVE_IMAGE, {
      file: { fileData: dataUrl('image/png', image), filename: 'allowed.png' },
      newFolderPath: 'uploads',
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.save_images_Asset).toMatchObject({
      filename: 'allowed.png',
      url: '/volumes/images/uploads/allowed.png',
    });
    expect(tree('images')).toContain('uploads/allowed.png');
    expect(tree('images').some((path) => /(^|\/)\.upload-/.test(path))).toBe(false);
    const answer = await served('/volumes/images/uploads/allowed.png');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer()).equals(image)).toBe(true);
  });

  it("applies a volume's own allowedFileExtensions from the project YAML", async () => {
    expect(
      await messages(SAVE_DOCUMENT, {
        file: { fileData: dataUrl('image/png', await png(4, 4)), filename: 'photo.png' },
      }),
    ).toEqual(['“png” is not an allowed file extension.']);
    const saved = await post<{ save_documents_Asset: { filename: string; url: string } }>(
      SAVE_DOCUMENT,
      { file: { fileData: dataUrl('text/plain', 'Read me.'), filename: 'readme.txt' } },
    );
    expect(saved.errors).toBeUndefined();
    expect(tree('documents')).toEqual(['readme.txt']);
    const answer = await served(saved.data!.save_documents_Asset.url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('Read me.');
  });
});
