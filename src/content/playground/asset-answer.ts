import type { LoadedAsset } from './assets';

/** The HTTP answer to a request for one of the playground's files. */
export interface AssetAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | string;
}

/** What of the request decides the answer. */
export interface AssetRequest {
  /** The `v` parameter of the link. */
  readonly version: string | undefined;
  readonly ifNoneMatch: string | undefined;
  readonly acceptEncoding: string | undefined;
}

const FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * A file with its caching headers: kept for good by browsers when the link names its current
 * version (the pages link that way), else revalidated through its ETag; gzip when accepted.
 */
export function assetAnswer(asset: LoadedAsset | undefined, request: AssetRequest): AssetAnswer {
  if (asset === undefined) {
    return {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' },
      body: 'Not found',
    };
  }
  const etag = `"${asset.version}"`;
  const common = {
    'cache-control': request.version === asset.version ? FOR_GOOD : 'no-cache',
    etag,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    // Only the service's own pages load these.
    'cross-origin-resource-policy': 'same-origin',
  };
  if (matchesEtag(request.ifNoneMatch, etag)) return { status: 304, headers: common, body: '' };
  const compressed = asset.gzip !== undefined && acceptsGzip(request.acceptEncoding);
  return {
    status: 200,
    headers: {
      ...common,
      'content-type': asset.contentType,
      ...(compressed ? { 'content-encoding': 'gzip' } : {}),
    },
    body: compressed && asset.gzip ? asset.gzip : asset.body,
  };
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  return acceptEncoding.split(',').some((coding) => {
    const [name, ...parameters] = coding.split(';').map((part) => part.trim().toLowerCase());
    if (name !== 'gzip') return false;
    return !parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter.replace(/\s/g, '')));
  });
}
