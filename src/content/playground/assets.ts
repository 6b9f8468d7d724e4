import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { AssetSource } from './asset-sources';
import { ASSET_PREFIX } from './paths';

const gzipped = promisify(gzip);

/** A served file, read once and kept in memory with its gzip form. */
export interface LoadedAsset {
  readonly name: string;
  readonly contentType: string;
  readonly body: Buffer;
  /** Absent when compressing does not make it smaller. */
  readonly gzip: Buffer | undefined;
  /** A hash of the content: the ETag and the `v` parameter of the pages' links. */
  readonly version: string;
}

/**
 * The playground's static files. Read on first use, not at boot (about 2.5 MB, most services never
 * serve a browser); a failed read is retried on the next request. Provided by a factory.
 */
export class PlaygroundAssets {
  private loading: Promise<Map<string, LoadedAsset>> | undefined;

  constructor(private readonly sources: () => AssetSource[]) {}

  async find(name: string): Promise<LoadedAsset | undefined> {
    return (await this.all()).get(name);
  }

  /** Names to URLs carrying the files' versions, so that browsers may keep them for good. */
  async links(): Promise<(name: string) => string> {
    const assets = await this.all();
    return (name) => {
      const asset = assets.get(name);
      if (asset === undefined) throw new Error(`no playground asset named ${name}`);
      return `${ASSET_PREFIX}/${name}?v=${asset.version}`;
    };
  }

  private all(): Promise<Map<string, LoadedAsset>> {
    this.loading ??= load(this.sources()).catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}

async function load(sources: AssetSource[]): Promise<Map<string, LoadedAsset>> {
  const loaded = await Promise.all(
    sources.map(async (source): Promise<LoadedAsset> => {
      const body = await readFile(source.path);
      const compressed = await gzipped(body);
      return {
        name: source.name,
        contentType: source.contentType,
        body,
        gzip: compressed.length < body.length ? compressed : undefined,
        version: createHash('sha256').update(body).digest('base64url').slice(0, 16),
      };
    }),
  );
  return new Map(loaded.map((asset) => [asset.name, asset]));
}
