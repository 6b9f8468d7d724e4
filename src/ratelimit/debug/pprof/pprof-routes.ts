import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostname } from 'node:os';
import { getHeapSnapshot } from 'node:v8';
import { takeCpuProfile } from './cpu-profile';
import { attachment } from './download-name';
import { Exclusive } from './exclusive';
import { PPROF_INDEX_HTML } from './pprof-index';
import { parseSeconds } from './seconds-param';
import {
  DEFAULT_TRACE_CATEGORIES,
  recordTrace,
  traceCategories,
  traceEventFile,
} from './trace-events';

/** Listed by the debug root, with upstream's help texts where upstream has the endpoint. */
export const PPROF_ENDPOINTS: ReadonlyArray<readonly [string, string]> = [
  ['/debug/pprof/', 'root of various pprof endpoints. hit for help.'],
  ['/debug/pprof/heap', 'heap snapshot endpoint'],
  ['/debug/pprof/profile', 'CPU profiling endpoint'],
  ['/debug/pprof/trace', 'trace endpoint'],
];

const TEXT = 'text/plain; charset=utf-8';

type Request = FastifyRequest<{ Querystring: Record<string, unknown> }>;

/** What the operator turned on (DEBUG_HEAP_SNAPSHOTS). */
export interface PprofOptions {
  readonly heapSnapshots: boolean;
}

/**
 * Go's `/debug/pprof/` endpoints for a Node process: a CPU profile, a heap snapshot and a trace,
 * taken in-process and served as downloads in Chrome DevTools' formats (Go's pprof format does
 * not describe V8 well; docs/observability-debug.md says how to open and convert them).
 *
 * Heap snapshots are off unless DEBUG_HEAP_SNAPSHOTS is set: unlike Go's allocation profile, a V8
 * snapshot holds the contents of every string of the process (credentials a client sent, keys,
 * passwords still in use) and pauses it for seconds while it is taken.
 */
export class PprofRoutes {
  constructor(private readonly options: PprofOptions = { heapSnapshots: false }) {}

  private readonly cpu = new Exclusive();
  private readonly heap = new Exclusive();
  private readonly tracing = new Exclusive();
  /** Aborted at shutdown: a profile under way ends early rather than holding the listener open. */
  private readonly shutdown = new AbortController();

  register(server: FastifyInstance): void {
    server.get('/debug/pprof/', (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(PPROF_INDEX_HTML),
    );
    server.get('/debug/pprof/profile', (request: Request, reply) => this.profile(request, reply));
    server.get('/debug/pprof/heap', (_request, reply) => this.heapSnapshot(reply));
    server.get('/debug/pprof/trace', (request: Request, reply) => this.trace(request, reply));
  }

  /** Ends profiles under way (they answer with what they collected). */
  close(): void {
    this.shutdown.abort();
  }

  private async profile(request: Request, reply: FastifyReply): Promise<FastifyReply> {
    const parsed = parseSeconds(request.query.seconds, { fallback: 30, min: 1, max: 300 });
    if (!parsed.ok) return reply.code(400).type(TEXT).send(`${parsed.message}\n`);
    const release = this.cpu.tryAcquire();
    if (!release) return busy(reply, 'a CPU profile');
    const signal = this.untilDisconnected(reply);
    try {
      const profile = await takeCpuProfile(parsed.seconds * 1000, signal);
      return reply
        .type('application/json')
        .header('content-disposition', download('cpu', 'cpuprofile'))
        .send(JSON.stringify(profile));
    } finally {
      release();
    }
  }

  private heapSnapshot(reply: FastifyReply): FastifyReply {
    if (!this.options.heapSnapshots) {
      return reply
        .code(404)
        .type(TEXT)
        .send(
          'heap snapshots are off: a snapshot holds every string in the process, secrets included; set DEBUG_HEAP_SNAPSHOTS=true to serve them (docs/observability-debug.md)\n',
        );
    }
    const release = this.heap.tryAcquire();
    // 503, not 409: a second snapshot at once would need the process's memory a third time.
    if (!release) {
      return reply
        .code(503)
        .header('retry-after', '10')
        .type(TEXT)
        .send(
          'a heap snapshot is already being taken; only one at a time: try again when it is done\n',
        );
    }
    try {
      // The snapshot is taken here, synchronously; the stream then serialises it in chunks.
      const snapshot = getHeapSnapshot();
      snapshot.once('close', release);
      return reply
        .type('application/json')
        .header('content-disposition', download('heap', 'heapsnapshot'))
        .send(snapshot);
    } catch (error) {
      release();
      throw error;
    }
  }

  private async trace(request: Request, reply: FastifyReply): Promise<FastifyReply> {
    const parsed = parseSeconds(request.query.seconds, { fallback: 1, min: 1, max: 60 });
    if (!parsed.ok) return reply.code(400).type(TEXT).send(`${parsed.message}\n`);
    const categories = await this.categoriesOf(request.query.categories);
    if (typeof categories === 'string') return reply.code(400).type(TEXT).send(`${categories}\n`);
    const release = this.tracing.tryAcquire();
    if (!release) return busy(reply, 'a trace');
    const signal = this.untilDisconnected(reply);
    try {
      const chunks = await recordTrace(parsed.seconds * 1000, categories, signal);
      return reply
        .type('application/json')
        .header('content-disposition', download('trace', 'json'))
        .send(traceEventFile(chunks));
    } finally {
      release();
    }
  }

  /** The requested trace categories, or a message naming the unknown ones. */
  private async categoriesOf(raw: unknown): Promise<readonly string[] | string> {
    if (raw === undefined || raw === '') return DEFAULT_TRACE_CATEGORIES;
    const known = await traceCategories();
    const requested = typeof raw === 'string' ? raw.split(',').map((name) => name.trim()) : [];
    const unknown = requested.filter((name) => !known.includes(name));
    if (requested.length === 0 || unknown.length > 0) {
      const named = unknown.length > 0 ? `unknown trace categories ${unknown.join(', ')}: ` : '';
      return `${named}categories must be a comma-separated list of: ${known.join(', ')}`;
    }
    return requested;
  }

  /** Aborts when the service stops or the client closes the connection before the answer. */
  private untilDisconnected(reply: FastifyReply): AbortSignal {
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (this.shutdown.signal.aborted) abort();
    this.shutdown.signal.addEventListener('abort', abort, { once: true });
    // `close` comes after the answer too, where aborting is harmless: it is also the cleanup.
    reply.raw.once('close', () => {
      this.shutdown.signal.removeEventListener('abort', abort);
      abort();
    });
    return controller.signal;
  }
}

function busy(reply: FastifyReply, what: string): FastifyReply {
  return reply
    .code(409)
    .type(TEXT)
    .send(`${what} is already being taken; try again when it is done\n`);
}

function download(kind: string, extension: string): string {
  return attachment(kind, extension, hostname(), process.pid, new Date());
}
