import { slugify } from '../store/write/slug';
import {
  emptySeedDocument,
  parentsFirst,
  SEED_KINDS,
  type SeedDocument,
  type SeedEntry,
} from './seed-document';
import { type ContentFile, readContentFile, SeedFileError } from './seed-files';

/** A load's entries in load order (parents first), with their number for progress. */
export interface EntrySource {
  readonly count: number;
  readonly entries: Iterable<SeedEntry>;
}

/** Content files read for one load: every kind but entries, and the entries to come. */
export interface StreamedContent {
  readonly document: SeedDocument;
  readonly entries: EntrySource;
}

/**
 * Reads and checks the files as readContentFiles does (every problem of every file thrown
 * together, before anything is written), but keeps no entry: they are read again, file by file,
 * when the load reaches them, so a load holds one file's entries at a time, not every file's
 * (docs/content-import.md, Large imports). When an entry names a parent that comes later in the
 * files, the load order is not the file order (parentsFirst) and the entries are held as before.
 */
export function readContentFilesStreamed(files: readonly ContentFile[]): StreamedContent {
  const document = emptySeedDocument();
  const problems: string[] = [];
  const withEntries: ContentFile[] = [];
  const order = new LoadOrder();
  for (const file of files) {
    const one = readContentFile(file, problems);
    if (one === undefined) continue;
    for (const kind of SEED_KINDS) {
      if (kind === 'entries') continue;
      for (const item of one[kind]) (document[kind] as unknown[]).push(item);
    }
    if (one.entries.length > 0) withEntries.push(file);
    for (const entry of one.entries) order.add(entry);
  }
  if (problems.length > 0) throw new SeedFileError(problems);
  const count = order.count;
  if (!order.inFileOrder()) {
    const all = withEntries.flatMap((file) => reread(file));
    return { document, entries: { count, entries: parentsFirst(all, (e) => e.section) } };
  }
  return {
    document,
    entries: {
      count,
      entries: (function* () {
        for (const file of withEntries) yield* reread(file);
      })(),
    },
  };
}

/** The file's entries again; a file that changed since it was checked fails the load. */
function reread(file: ContentFile): SeedEntry[] {
  const problems: string[] = [];
  const one = readContentFile(file, problems);
  if (one === undefined || problems.length > 0) {
    throw new SeedFileError(
      problems.length > 0 ? problems : [`${file.label}: changed while it was imported`],
    );
  }
  return one.entries;
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
