import type { PgliteStart } from '../pglite-start';

/**
 * What the main thread and the PGlite worker thread say to each other (see pglite.worker.ts).
 * Only structured-clonable data crosses: no functions (parsers), no class instances (errors).
 */

/** How a query wants its rows: PGlite's `rowMode`. */
export type RowMode = 'object' | 'array';

export type WorkerRequest =
  | {
      readonly id: number;
      readonly op: 'query';
      readonly text: string;
      readonly params: readonly unknown[];
      readonly rowMode?: RowMode;
      /** Type OIDs whose values stay the text PostgreSQL sent (Drizzle's identity parsers). */
      readonly rawOids?: readonly number[];
      readonly txId?: number;
      /** A read that runs often: a named prepared statement (outside transactions only). */
      readonly prepared?: boolean;
    }
  | { readonly id: number; readonly op: 'exec'; readonly text: string; readonly txId?: number }
  | { readonly id: number; readonly op: 'begin' }
  | { readonly id: number; readonly op: 'commit' | 'rollback'; readonly txId: number }
  | { readonly id: number; readonly op: 'close' };

/** Id 0 answers the opening of the database (before any request). */
export const OPENED_ID = 0;

/** An error as it crosses the thread boundary: its message, name and own fields. */
export interface SerializedError {
  readonly message: string;
  readonly name: string;
  readonly stack?: string;
  /** PGlite's DatabaseError fields (code, constraint, detail, table, ...): primitives only. */
  readonly fields: Readonly<Record<string, string | number | boolean | null>>;
}

export type WorkerResponse =
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly error: SerializedError };

/** What the worker is started with (`workerData`). */
/** The worker opens the database as the main thread would (pglite-start.ts). */
export type WorkerStart = PgliteStart;

type Parser = (value: string, typeId?: number) => unknown;

/** A value that no real parser would hand back unchanged, to tell identity parsers apart. */
const PROBE = '\u0000pglite-worker-probe';

/** Drizzle hands the same parsers object to every query: checked once each (hot path). */
const checkedParsers = new WeakMap<object, readonly number[]>();

/**
 * The OIDs of `parsers` (Drizzle passes identity functions so that dates stay strings).
 * @throws Error for a parser that changes its value: it could not be rebuilt in the worker
 */
export function rawParserOids(
  parsers: Readonly<Record<string, Parser>> | undefined,
): readonly number[] {
  if (parsers === undefined) return [];
  let oids = checkedParsers.get(parsers);
  if (oids === undefined) {
    oids = Object.entries(parsers).map(([oid, parser]) => {
      if (!isIdentity(parser)) {
        throw new Error(`PGLITE_WORKER supports only identity parsers (type ${oid})`);
      }
      return Number(oid);
    });
    checkedParsers.set(parsers, oids);
  }
  return oids;
}

function isIdentity(parser: Parser): boolean {
  try {
    return parser(PROBE) === PROBE;
  } catch {
    return false;
  }
}

const identity: Parser = (value) => value;
/** Built once per list of OIDs: every query of the worker asks for one of a few. */
const builtParsers = new Map<string, Record<number, Parser>>();

/** The parsers a worker passes to PGlite for `rawOids`: each returns the text unchanged. */
export function identityParsers(rawOids: readonly number[] | undefined): Record<number, Parser> {
  const key = (rawOids ?? []).join(',');
  let parsers = builtParsers.get(key);
  if (parsers === undefined) {
    parsers = {};
    for (const oid of rawOids ?? []) parsers[oid] = identity;
    builtParsers.set(key, parsers);
  }
  return parsers;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/**
 * An Error carrying the worker's fields, so that code reading `code` or `constraint` (see
 * constraint-errors.ts) sees what it saw on the main thread. The stack is the caller's; the
 * worker's follows it.
 */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.name = serialized.name;
  if (serialized.stack !== undefined) {
    error.stack = `${error.stack ?? ''}\n    in the PGlite worker: ${serialized.stack}`;
  }
  return error;
}
