import { slugify } from '../store/write/slug';
import {
  emptySeedDocument,
  parentsFirst,
  SEED_KINDS,
  type SeedDocument,
  type SeedEntry,
} from './seed-document';
import { type ContentFile, readContentFile, SeedFileError } from './seed-files';
import { EntrySpool } from './entry-spool';

/** A load's entries in load order (parents first), with their number for progress. */
export interface EntrySource {
  readonly count: number;
  readonly entries: Iterable<SeedEntry>;
}

/** Content files read for one load: every kind but entries, and the entries to come. */
export interface StreamedContent {
  readonly document: SeedDocument;
  readonly entries: EntrySource;
  /** Lets go of the entries kept for the load (once it is over). */
  close(): void;
}

/**
 * Reads and checks the files as readContentFiles does (every problem of every file thrown
 * together, before anything is written), but holds no entry: each file's checked entries go to
 * a temporary file (entry-spool.ts) and come back, file by file, when the load reaches them, so a
 * load holds one file's entries at a time, not every file's, and parses each file once
 * (docs/content-import.md, Large imports). When an entry names a parent that comes later in the
 * files, the load order is not the file order (parentsFirst) and the entries are held as before.
 */
export function readContentFilesStreamed(files: readonly ContentFile[]): StreamedContent {
  const document = emptySeedDocument();
  const problems: string[] = [];
  const spool = new EntrySpool();
  const parts: number[] = [];
  const order = new LoadOrder();
  try {
    for (const file of files) {
      const one = readContentFile(file, problems);
      if (one === undefined) continue;
      for (const kind of SEED_KINDS) {
        if (kind === 'entries') continue;
        for (const item of one[kind]) (document[kind] as unknown[]).push(item);
      }
      for (const entry of one.entries) order.add(entry);
      // Once a file has a problem nothing is loaded: the rest are only checked.
      if (one.entries.length > 0 && problems.length === 0) parts.push(spool.add(one.entries));
    }
    if (problems.length > 0) throw new SeedFileError(problems);
  } catch (error) {
    spool.close();
    throw error;
  }
  const count = order.count;
  if (!order.inFileOrder()) {
    const all = parts.flatMap((part) => spool.read(part));
    spool.close();
    return {
      document,
      entries: { count, entries: parentsFirst(all, (e) => e.section) },
      close: () => undefined,
    };
  }
  return {
    document,
    entries: {
      count,
      entries: (function* () {
        for (const part of parts) yield* spool.read(part);
      })(),
    },
    close: () => spool.close(),
  };
}

/**
 * Whether parentsFirst keeps the file order: no entry's parent comes after it. Keeps a key per
 * entry (as parentsFirst, a key names the last entry with it), not the entries.
 */
class LoadOrder {
  private readonly byKey = new Map<string, number>();
  private readonly parents: { key: string; index: number }[] = [];
  count = 0;

  add(entry: SeedEntry): void {
    const index = this.count++;
    this.byKey.set(ownKey(entry.section, entry.slug ?? slugify(entry.title ?? '')), index);
    if (entry.uid !== undefined) this.byKey.set(ownKey(entry.section, entry.uid), index);
    if (entry.parent !== undefined) {
      this.parents.push({ key: ownKey(entry.section, entry.parent), index });
    }
  }

  inFileOrder(): boolean {
    return this.parents.every(({ key, index }) => (this.byKey.get(key) ?? -1) <= index);
  }
}

/**
 * A key in a string of its own. js-yaml's strings are slices of the file's whole text, and a
 * key joined from them still points at them: 30,000 keys held six 5,000-entry files (31 MB
 * against 2 MB; V8 does not flatten a Map's keys). JSON gives a fresh copy.
 */
function ownKey(section: string, key: string): string {
  return JSON.parse(JSON.stringify(`${section}\u0000${key}`)) as string;
}
