import type { SeedKind } from './seed-document';
import type { ElementState, ElementStatesRepository } from './element-states.repository';
import { IdRuns } from './id-runs';

export interface KindCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** Per kind of content item: elements created, updated and left unchanged by one load. */
export type ImportCounts = Record<SeedKind, KindCounts>;

export const emptyImportCounts = (): ImportCounts => ({
  users: { created: 0, updated: 0, unchanged: 0 },
  assets: { created: 0, updated: 0, unchanged: 0 },
  categories: { created: 0, updated: 0, unchanged: 0 },
  tags: { created: 0, updated: 0, unchanged: 0 },
  globalSets: { created: 0, updated: 0, unchanged: 0 },
  entries: { created: 0, updated: 0, unchanged: 0 },
});

/** The timestamps a content item gives itself: compared like content when given. */
export interface GivenDates {
  readonly dateUpdated: boolean;
  readonly dateModified: boolean;
}

interface Tracked {
  readonly kind: SeedKind;
  readonly before: ElementState | undefined;
  dates: GivenDates;
}

/**
 * Tells, for one load, which elements it created, updated or left as they were. The state of
 * an existing element is read before the load first writes it; after the load (relations
 * included) it is read again. Unchanged elements get their timestamps back. Counted per
 * element: an item given twice in one load counts once.
 */
export class LoadTracker {
  /** Elements the load wrote over (compared at the end). */
  private readonly tracked = new Map<number, Tracked>();
  /**
   * Elements the load created: counted as they are written, remembered only as ids. A record
   * each (~140 bytes of heap) was most of what a large import's live heap grew by; new ids come
   * from a sequence, so they are a few runs.
   */
  private readonly created = new IdRuns();
  private readonly createdCounts = emptyImportCounts();

  constructor(private readonly states: ElementStatesRepository) {}

  /** Whether the load has written this element already. */
  has(id: number): boolean {
    return this.created.has(id) || this.tracked.has(id);
  }

  /** Before an item is written over an existing element (once per element and load). */
  async beforeWrite(kind: SeedKind, id: number, dates: GivenDates): Promise<void> {
    // Created by this load: counted as created whatever is written over it now.
    if (this.created.has(id)) return;
    const seen = this.tracked.get(id);
    if (seen !== undefined) {
      seen.dates = {
        dateUpdated: seen.dates.dateUpdated || dates.dateUpdated,
        dateModified: seen.dates.dateModified || dates.dateModified,
      };
      return;
    }
    const before = (await this.states.read([id])).get(id);
    this.tracked.set(id, { kind, before, dates });
  }

  /** After an item is written; a created element needs no comparison. */
  written(kind: SeedKind, saved: { id: number; created: boolean }, dates: GivenDates): void {
    if (this.has(saved.id)) return;
    if (saved.created) {
      this.created.add(saved.id);
      this.createdCounts[kind].created++;
      return;
    }
    // Not created, yet not announced by beforeWrite: nothing to compare with, so "updated".
    this.tracked.set(saved.id, { kind, before: undefined, dates });
  }

  /** After the load: the counts, with unchanged elements' timestamps restored. */
  async finish(): Promise<ImportCounts> {
    const counts = this.createdCounts;
    const compared = [...this.tracked].filter(([, t]) => t.before !== undefined);
    const after = await this.states.read(compared.map(([id]) => id));
    const unchanged: ElementState[] = [];
    for (const [id, tracked] of this.tracked) {
      const kindCounts = counts[tracked.kind];
      const before = tracked.before;
      const now = after.get(id);
      if (before === undefined || now === undefined || changed(before, now, tracked.dates)) {
        kindCounts.updated++;
        continue;
      }
      kindCounts.unchanged++;
      unchanged.push(before);
    }
    await this.states.restoreDates(unchanged);
    return counts;
  }
}

function changed(before: ElementState, after: ElementState, dates: GivenDates): boolean {
  if (before.content !== after.content) return true;
  if (dates.dateUpdated && before.dateUpdated !== after.dateUpdated) return true;
  return dates.dateModified && before.dateModified !== after.dateModified;
}

/** How far a load is: items first (pass one), then relation values and user photos (pass two). */
export interface LoadProgress {
  readonly phase: 'items' | 'relations';
  readonly done: number;
  readonly total: number;
}

export type LoadListener = (progress: LoadProgress) => void;
