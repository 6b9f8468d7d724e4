import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { assetSources } from './asset-sources';
import { PlaygroundAssets } from './assets';

describe('PlaygroundAssets', () => {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'playground-assets-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const source = (name: string) => ({
    name,
    contentType: 'text/javascript; charset=utf-8',
    path: join(directory, name),
  });

  it('reads the files once, with a content version and their gzip form', async () => {
    const text = 'window.answer = 42;\n'.repeat(100);
    writeFileSync(join(directory, 'a.js'), text);
    const assets = new PlaygroundAssets(() => [source('a.js')]);
    const asset = await assets.find('a.js');
    expect(asset?.body.toString()).toBe(text);
    expect(gunzipSync(asset!.gzip!).toString()).toBe(text);
    expect(asset?.version).toMatch(/^[\w-]{16}$/);
    expect((await assets.links())('a.js')).toBe(`/graphql-assets/a.js?v=${asset?.version}`);
    expect(await assets.find('b.js')).toBeUndefined();
    await expect(assets.links().then((link) => link('b.js'))).rejects.toThrow('b.js');

    // Kept in memory: a change on disk shows after a restart only.
    writeFileSync(join(directory, 'a.js'), 'changed');
    expect((await assets.find('a.js'))?.body.toString()).toBe(text);
  });

  it('keeps no gzip form that is not smaller', async () => {
    writeFileSync(join(directory, 'tiny.js'), 'x');
    expect((await new PlaygroundAssets(() => [source('tiny.js')]).find('tiny.js'))?.gzip).toBe(
      undefined,
    );
  });

  it('tries again after a failed read', async () => {
    const assets = new PlaygroundAssets(() => [source('late.js')]);
    await expect(assets.find('late.js')).rejects.toThrow('ENOENT');
    writeFileSync(join(directory, 'late.js'), 'late');
    expect((await assets.find('late.js'))?.body.toString()).toBe('late');
  });

  it('finds every file the pages load: GraphiQL and React in node_modules, its own scripts', () => {
    const sources = assetSources();
    expect(sources.map((each) => each.name).sort()).toEqual([
      'admin.js',
      'graphiql.min.css',
      'graphiql.min.js',
      'pages.css',
      'playground.js',
      'react-dom.production.min.js',
      'react.production.min.js',
    ]);
    for (const each of sources) expect(existsSync(each.path)).toBe(true);
  });
});
