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

/** What parentsFirst needs of an entry. */
interface EntryKey {
  readonly section: string;
  readonly slug: string;
  readonly uid?: string;
  readonly parent?: string;
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
  const keys: EntryKey[] = [];
  for (const file of files) {
    const one = readContentFile(file, problems);
    if (one === undefined) continue;
    for (const kind of SEED_KINDS) {
      if (kind === 'entries') continue;
      for (const item of one[kind]) (document[kind] as unknown[]).push(item);
    }
    if (one.entries.length > 0) withEntries.push(file);
    for (const entry of one.entries) {
      keys.push({
        section: entry.section,
        slug: entry.slug ?? slugify(entry.title ?? ''),
        uid: entry.uid,
        parent: entry.parent,
      });
    }
  }
  if (problems.length > 0) throw new SeedFileError(problems);
  const count = keys.length;
  if (!inFileOrder(keys)) {
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

/** Whether parentsFirst keeps the file order: no entry's parent comes after it. */
function inFileOrder(keys: readonly EntryKey[]): boolean {
  // As parentsFirst: a key names the last entry with it.
  const byKey = new Map<string, number>();
  keys.forEach((key, index) => {
    byKey.set(`${key.section}\u0000${key.slug}`, index);
    if (key.uid !== undefined) byKey.set(`${key.section}\u0000${key.uid}`, index);
  });
  return keys.every(
    (key, index) =>
      key.parent === undefined || (byKey.get(`${key.section}\u0000${key.parent}`) ?? -1) <= index,
  );
}
