import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { queryHash } from './persisted-query';

// The files of GRAPHQL_PERSISTED_QUERIES_DIR read into a list; PersistedQueryAllowList
// (persisted-query-allow-list.ts) is the provider that holds it and reads it again on change.

/** Allowed operations by the sha256 of their text. */
export type AllowList = ReadonlyMap<string, string>;

/** One allowed operation and the file of the directory it comes from. */
export interface AllowListEntry {
  /** sha256 of `query`, as clients send it. */
  readonly hash: string;
  readonly query: string;
  /** The `.graphql` file, or the manifest holding it (a name in the directory). */
  readonly file: string;
}

/**
 * Reads an allow-list directory: every `.graphql` file is one entry, hashed over its exact text
 * (UTF-8, no trimming: the bytes a client sends); every `.json` file is an Apollo persisted query
 * manifest (`{"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id","name",
 * "type","body"}]}`) whose operations are entries hashed over their `body`. Throws on any file it
 * cannot read or understand, so that a bad file never replaces a good list.
 */
export function readAllowList(directory: string): AllowList {
  return new Map(readAllowListEntries(directory).map((entry) => [entry.hash, entry.query]));
}

/**
 * The entries of an allow-list directory in file name order, as readAllowList reads them (the
 * `content-persisted-queries` command lists and edits the directory through this).
 */
export function readAllowListEntries(directory: string): AllowListEntry[] {
  const entries: AllowListEntry[] = [];
  const entry = (query: string, file: string) => ({ hash: queryHash(query), query, file });
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    if (name.endsWith('.graphql')) entries.push(entry(readFileSync(path, 'utf8'), name));
    else if (name.endsWith('.json')) {
      for (const body of manifestBodies(readFileSync(path, 'utf8'), name)) {
        entries.push(entry(body, name));
      }
    }
  }
  return entries;
}

function manifestBodies(text: string, name: string): string[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${name}: not JSON (${(error as Error).message})`);
  }
  if (
    !isObject(manifest) ||
    manifest.format !== 'apollo-persisted-query-manifest' ||
    manifest.version !== 1 ||
    !Array.isArray(manifest.operations)
  ) {
    throw new Error(`${name}: not an Apollo persisted query manifest (format, version 1)`);
  }
  return manifest.operations.map((operation: unknown, index) => {
    if (!isObject(operation) || typeof operation.body !== 'string') {
      throw new Error(`${name}: operation ${index} has no body`);
    }
    return operation.body;
  });
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
