/*
 * Preloaded into the service (`NODE_OPTIONS=--require <this file>`) by the graphql-ceiling rows, so
 * that they can run exactly the statements the service sends without a hook in src/. Off until
 * the process receives SIGUSR2, then on until the next SIGUSR2: while on, every statement the
 * service hands to node-postgres (`Client.query`) or to the PGlite worker client (its one private
 * `run` method) is appended as a JSON line to BENCH_CAPTURE_FILE, with the parameter values as
 * the driver sends them. Off, it costs one boolean test per statement.
 */
import { appendFileSync } from 'node:fs';

/** One statement as sent, a line of the capture file. */
export interface CapturedStatement {
  readonly driver: 'pg' | 'pglite';
  readonly text: string;
  /** pg: the text node-postgres sends for each value (null for NULL); pglite: the JS values. */
  readonly values: readonly unknown[];
  /** pg: the statement's name (a named prepared statement) or undefined (unnamed). */
  readonly name?: string;
  /** pglite: a named prepared statement in the worker (`preparedQuery`). */
  readonly prepared?: boolean;
  /** pglite: the query's rowMode and the type OIDs it keeps as text (identity parsers). */
  readonly rowMode?: string;
  readonly rawOids?: readonly number[];
}

const file = process.env.BENCH_CAPTURE_FILE;
let on = false;

function record(statement: CapturedStatement): void {
  appendFileSync(file!, JSON.stringify(statement) + '\n');
}

if (file !== undefined) {
  process.on('SIGUSR2', () => {
    on = !on;
  });
  capturePg();
  const workerClient = process.env.BENCH_CAPTURE_WORKER_CLIENT;
  if (workerClient !== undefined) capturePgliteWorker(workerClient);
}

type PgQueryConfig = { text?: string; name?: string; values?: unknown[] };

function capturePg(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pg = require('pg') as { Client: { prototype: { query: (...args: unknown[]) => unknown } } };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { prepareValue } = require('pg/lib/utils') as {
    prepareValue: (value: unknown) => unknown;
  };
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (on) {
      const [first, second] = args;
      const config: PgQueryConfig =
        typeof first === 'string'
          ? { text: first, values: Array.isArray(second) ? second : undefined }
          : (first as PgQueryConfig);
      if (typeof config?.text === 'string') {
        record({
          driver: 'pg',
          text: config.text,
          name: config.name,
          values: (config.values ?? []).map((value) => {
            const sent = prepareValue(value);
            return Buffer.isBuffer(sent) ? sent.toString() : sent;
          }),
        });
      }
    }
    return original.apply(this, args);
  };
}

type Run = (
  text: string,
  params: unknown[],
  options: { rowMode?: string; parsers?: Record<string, unknown> } | undefined,
  txId: number | undefined,
  prepared?: boolean,
) => unknown;

function capturePgliteWorker(path: string): void {
  // The same absolute path the service loads: the same module, whose prototype is patched.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PgliteWorkerClient } = require(path) as { PgliteWorkerClient: { prototype: object } };
  const prototype = PgliteWorkerClient.prototype as { run: Run };
  const original = prototype.run;
  prototype.run = function (this: unknown, text, params, options, txId, prepared) {
    if (on) {
      record({
        driver: 'pglite',
        text,
        values: params,
        prepared: prepared === true && txId === undefined,
        rowMode: options?.rowMode,
        rawOids: Object.keys(options?.parsers ?? {}).map(Number),
      });
    }
    return original.call(this, text, params, options, txId, prepared);
  };
}
