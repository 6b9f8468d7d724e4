import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { ContentModelSource } from '../model/content-model.source';
import type { Volume } from '../model/content-model';
import { contentTypeOf, servedHeaders } from './content-types';
import { byteRange, fileEtag, isNotModified, lastModified } from './file-conditions';
import { fileInVolume } from './volume-paths';

export const VOLUMES_PREFIX = '/volumes/';
/** Files may be replaced under the same name (and transforms redrawn): an hour, then revalidate. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * `GET`/`HEAD /volumes/<volume>/<path>`: the files (and generated transforms) of volumes whose base
 * URL is `/volumes/<handle>`. Conditional requests answer 304, single byte ranges 206 (video
 * seeking); anything not a regular file inside the volume, hidden names included, is a 404 JSON.
 * (A URL whose percent-encoding is malformed never gets here: Fastify answers it with a 400.)
 *
 * A plain Fastify route rather than a Nest controller: it streams files and needs none of Nest's
 * per-request pipeline.
 */
@Injectable()
export class VolumeFilesRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly model: ContentModelSource,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.route({
      method: ['GET', 'HEAD'],
      url: `${VOLUMES_PREFIX}*`,
      handler: (request, reply) => this.handle(request, reply),
    });
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const segments = decodeSegments(request.url);
    const volume = segments === null ? undefined : this.servedVolume(segments[0]);
    if (segments === null || volume === undefined) {
      return reply.status(404).send({ message: 'Volume not found' });
    }
    const file = await regularFile(volume, segments.slice(1));
    if (file === null) return reply.status(404).send({ message: 'File not found' });
    return send(request, reply, file.path, file.stats);
  }

  /** Only volumes the model publishes under this prefix; others have their own URLs. */
  private servedVolume(handle: string): Volume | undefined {
    const volume = this.model.current.volumes.handle(handle);
    if (volume === undefined) return undefined;
    const baseUrl = volume.baseUrl.replace(/\/+$/, '');
    return baseUrl === `${VOLUMES_PREFIX}${handle}` ? volume : undefined;
  }
}

/** The raw path after the prefix as decoded segments; null when one cannot be decoded. */
function decodeSegments(url: string): string[] | null {
  const path = url.split('?', 1)[0].slice(VOLUMES_PREFIX.length);
  try {
    return path.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/** The file when it is a regular, visible file whose real path lies inside the volume. */
async function regularFile(
  volume: Volume,
  segments: string[],
): Promise<{ path: string; stats: Stats } | null> {
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const path = fileInVolume(volume.path, segments);
  if (path === null) return null;
  try {
    const [real, root] = await Promise.all([realpath(path), realpath(volume.path)]);
    if (!real.startsWith(root + sep)) return null; // a symbolic link out of the volume
    const stats = await stat(real);
    return stats.isFile() ? { path: real, stats } : null;
  } catch {
    return null;
  }
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  stats: Stats,
): FastifyReply {
  const etag = fileEtag(stats);
  const served = servedHeaders(contentTypeOf(path));
  reply.header('etag', etag);
  reply.header('last-modified', lastModified(stats));
  reply.header('cache-control', CACHE_CONTROL);
  reply.header('accept-ranges', 'bytes');
  reply.header('x-content-type-options', 'nosniff');
  const { 'content-type': type, ...policy } = served;
  for (const [name, value] of Object.entries(policy)) reply.header(name, value);
  if (isNotModified(request.headers, etag, stats)) return reply.status(304).send();

  const range = byteRange(request.headers, etag, stats);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${stats.size}`);
    return reply.status(416).send({ message: 'Range not satisfiable' });
  }
  reply.header('content-type', type);
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, stats.size - 1];
  if (range.kind === 'partial') {
    reply.status(206);
    reply.header('content-range', `bytes ${start}-${end}/${stats.size}`);
  }
  reply.header('content-length', String(Math.max(end - start + 1, 0)));
  if (request.method === 'HEAD' || stats.size === 0) return reply.send();
  return reply.send(createReadStream(path, { start, end }));
}
