import { NodeTracing, Session } from 'node:inspector/promises';
import { Readable } from 'node:stream';
import { pause } from './pause';

/**
 * Light by default: V8 (garbage collections), the event loop phases and performance marks.
 * `node.async_hooks` (every async operation, what Go's execution trace shows for goroutines)
 * must be asked for: it is ~20 kB per HTTP request, all held in memory until the trace ends.
 */
export const DEFAULT_TRACE_CATEGORIES = ['v8', 'node.environment', 'node.perf'] as const;

let knownCategories: Promise<readonly string[]> | undefined;

/** The categories this Node can trace (NodeTracing.getCategories), asked once. */
export function traceCategories(): Promise<readonly string[]> {
  knownCategories ??= (async () => {
    const session = new Session();
    session.connect();
    try {
      return (await session.post('NodeTracing.getCategories')).categories;
    } finally {
      session.disconnect();
    }
  })();
  return knownCategories;
}

/**
 * Records Node's trace events (the `--trace-events-enabled` machinery, driven through the
 * inspector's NodeTracing domain) for `ms`, or less if `signal` aborts. The agent keeps the
 * events in memory and hands them over when tracing stops.
 */
export async function recordTrace(
  ms: number,
  categories: readonly string[],
  signal: AbortSignal,
): Promise<NodeTracing.DataCollectedEventDataType['value'][]> {
  const session = new Session();
  session.connect();
  const chunks: NodeTracing.DataCollectedEventDataType['value'][] = [];
  session.on('NodeTracing.dataCollected', (message) => chunks.push(message.params.value));
  // Emitted once the last chunk is out, possibly before `stop` itself answers.
  const complete = new Promise<void>((resolve) =>
    session.once('NodeTracing.tracingComplete', () => resolve()),
  );
  try {
    await session.post('NodeTracing.start', {
      traceConfig: { includedCategories: [...categories] },
    });
    await pause(ms, signal);
    await session.post('NodeTracing.stop');
    await complete;
    return chunks;
  } finally {
    session.disconnect();
  }
}

/** The Trace Event Format (`{"traceEvents":[...]}`) that Perfetto and chrome://tracing open. */
export function traceEventFile(chunks: readonly (readonly object[])[]): Readable {
  return Readable.from(
    (function* () {
      yield '{"traceEvents":[';
      let first = true;
      for (const chunk of chunks) {
        if (chunk.length === 0) continue;
        yield (first ? '' : ',') + chunk.map((event) => JSON.stringify(event)).join(',');
        first = false;
      }
      yield ']}\n';
    })(),
  );
}
