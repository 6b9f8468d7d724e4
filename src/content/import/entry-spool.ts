import { deserialize, serialize } from 'node:v8';
import { entryOfRecord, entryRecord, type EntryRecord, type SeedEntry } from './seed-document';
import { SpoolFile } from './spool-file';

/**
 * The checked entries of a load's files, kept in a temporary file until the load reaches them
 * (streamed-entries.ts): the check reads every file whole, and reading a file's entries back from
 * here (structured clone) costs a few per cent of parsing its YAML again (a 5,000-entry file:
 * ~20 ms against ~400 ms), while the load holds one file's entries at a time.
 */
export class EntrySpool {
  private readonly file = new SpoolFile();
  private readonly parts: { at: number; length: number }[] = [];

  /** Keeps one file's entries; returns their part number. */
  add(entries: readonly SeedEntry[]): number {
    const bytes = serialize(entries.map(entryRecord));
    this.parts.push({ at: this.file.append(bytes), length: bytes.length });
    return this.parts.length - 1;
  }

  /** A part's entries, as they were added. */
  read(part: number): SeedEntry[] {
    const { at, length } = this.parts[part];
    const bytes = Buffer.allocUnsafe(length);
    if (this.file.read(bytes, at, length) !== length) {
      throw new Error('content-import: the spooled entries were cut short');
    }
    return (deserialize(bytes) as EntryRecord[]).map(entryOfRecord);
  }

  close(): void {
    this.file.close();
  }
}
