import { ElementKinds } from '../model/element-kinds';
import type { ElementLookups } from '../store/write/element-lookups';
import type { ElementWriter } from '../store/write/element-writer';
import type { EntryInput, NewEntryInput, SavedElement } from '../store/write/write-input';
import type { SeedEntry } from './seed-document';

/** An entry of a load that may be new: what the writer's batch gets, and what follows its save. */
export interface EntryCandidate {
  readonly entry: SeedEntry;
  readonly input: EntryInput;
  readonly sectionId: number;
  /** The slug the load matches it by (seed-run.ts: given, else from the title). */
  readonly slug: string;
  /** A structure entry's parent as the file names it (a slug or a reference). */
  readonly parent?: string;
  /** After it is written: its waiting relations get their source, the tracker counts it. */
  readonly written: (saved: SavedElement) => Promise<void>;
}

/** Entries per batch: statements of a few hundred kB, a bounded share of memory. */
const ENTRY_BATCH = 500;

/**
 * Pass one's entries in batches (docs/content-import.md). Entries that are new for sure (neither their uid
 * nor their natural key names a stored element) go to the writer's batch save; any other (an
 * update, a structure entry, one with problems) is saved alone through the load's own path,
 * `single`, in its turn, so the store sees the same writes in the same order as one by one.
 * Whether a batch's entries are new is asked with two queries per batch, and again for the
 * entries after an entry saved alone (it may have taken their slug).
 *
 * A structure entry's parent is resolved when its run is written, as the single save would then
 * find it: an earlier entry of the run with that slug in the section (written in the same
 * statements), else a stored element (`parentOf`); one whose parent names neither is saved
 * alone, which reports it.
 */
export class SeedEntryBatches {
  private group: EntryCandidate[] = [];
  private readonly uids = new Set<string>();

  constructor(
    private readonly writer: ElementWriter,
    private readonly lookups: ElementLookups,
    private readonly siteIds: readonly number[],
    private readonly single: (entry: SeedEntry) => Promise<void>,
    private readonly parentOf: (candidate: EntryCandidate) => Promise<number | undefined>,
  ) {}

  /** The next entry in load order: a candidate for the batch, or undefined to be saved alone. */
  async add(entry: SeedEntry, candidate: EntryCandidate | undefined): Promise<void> {
    if (candidate === undefined) {
      await this.flush();
      await this.single(entry);
      return;
    }
    const uid = candidate.input.uid;
    // Two items with one uid: the second updates the first, so it waits for it.
    if (uid !== undefined && this.uids.has(uid)) await this.flush();
    this.group.push(candidate);
    if (uid !== undefined) this.uids.add(uid);
    if (this.group.length >= ENTRY_BATCH) await this.flush();
  }

  /** Saves what waits in the batch. */
  async flush(): Promise<void> {
    const group = this.group;
    this.group = [];
    this.uids.clear();
    if (group.length === 0) return;
    const held = await this.held(group);
    let asked = true;
    let i = 0;
    while (i < group.length) {
      if (held.has(group[i])) {
        await this.single(group[i].entry);
        asked = false;
        i++;
        continue;
      }
      let end = i;
      while (end < group.length && !held.has(group[end])) end++;
      const inputs = await this.placed(group.slice(i, end));
      const run = group.slice(i, i + inputs.length);
      if (run.length === 0) {
        await this.single(group[i].entry);
        asked = false;
        i++;
        continue;
      }
      if (!asked) {
        // An entry saved alone since the question may hold a slug or uid of these now.
        asked = true;
        const now = await this.held(run);
        if (now.size > 0) {
          now.forEach((candidate) => held.add(candidate));
          continue;
        }
      }
      const saved = await this.writer.saveNewEntries(inputs);
      const alone = saved.length < run.length || end > i + run.length;
      for (const [k, one] of saved.entries()) await run[k].written(one);
      i += saved.length;
      if (alone) {
        await this.single(group[i].entry);
        asked = false;
        i++;
      }
    }
  }

  /**
   * The inputs of the run's candidates up to the first whose parent names nothing written, a
   * structure entry's with its parent: the run's own entries are looked at first (the single save would
   * find them by slug, written before it), then the store.
   */
  private async placed(run: readonly EntryCandidate[]): Promise<NewEntryInput[]> {
    const placed: NewEntryInput[] = [];
    for (const [k, candidate] of run.entries()) {
      if (candidate.parent === undefined) {
        placed.push(candidate.input);
        continue;
      }
      const inRun = run.findIndex(
        (other, j) =>
          j < k && other.sectionId === candidate.sectionId && other.slug === candidate.parent,
      );
      const input: NewEntryInput | undefined =
        inRun >= 0
          ? { ...candidate.input, parentInBatch: inRun }
          : await this.parentOf(candidate).then((parentId) =>
              parentId === undefined ? undefined : { ...candidate.input, parentId },
            );
      if (input === undefined) break;
      placed.push(input);
    }
    return placed;
  }

  /** The candidates whose uid or natural key names a stored element. */
  private async held(candidates: readonly EntryCandidate[]): Promise<Set<EntryCandidate>> {
    const uids = await this.lookups.heldUids(
      candidates.flatMap((candidate) => candidate.input.uid ?? []),
    );
    const held = new Set(
      candidates.filter((c) => c.input.uid !== undefined && uids.has(c.input.uid)),
    );
    const sections = new Map<number, EntryCandidate[]>();
    for (const candidate of candidates) {
      const list = sections.get(candidate.sectionId) ?? [];
      list.push(candidate);
      sections.set(candidate.sectionId, list);
    }
    for (const [sectionId, list] of sections) {
      const slugs = await this.lookups.heldSlugs(
        ElementKinds.entry,
        sectionId,
        [...new Set(list.map((candidate) => candidate.slug))],
        this.siteIds,
      );
      for (const candidate of list) if (slugs.has(candidate.slug)) held.add(candidate);
    }
    return held;
  }
}
