import { Clock } from '../clock/clock';
import { newGeneration } from './cache-generation';
import { CacheLookup, SharedCache } from './shared-cache.port';

interface MemoryEntry {
  readonly namespace: string;
  readonly generation: string;
  readonly value: string;
  readonly expiresAt: number;
  readonly bytes: number;
}

/**
 * Heap an entry holds besides its value: its key as stored (charged by its length), the entry
 * object and its Map slot. Measured after a full GC: an entry of a 64-character key
 * held about 270 bytes beside its value, of which its key is 68; charging the value alone let
 * the 64 MiB budget hold about 700 MB of small entries (persisted-query registrations).
 */
export const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The cache in process memory (one instance): least recently used entries are evicted beyond
 * `maxBytes`; an invalidated namespace drops its entries at once. An entry is charged its
 * value's UTF-8 size, plus, with `chargeOverhead` (the service's cache), its key's length and
 * ENTRY_OVERHEAD_BYTES: close to the heap it holds.
 */
export class MemorySharedCache extends SharedCache {
  readonly kind = 'memory';
  private readonly generations = new Map<string, string>();
  /** Map order is recency: a hit re-inserts its entry. */
  private readonly entries = new Map<string, MemoryEntry>();
  private bytes = 0;

  constructor(
    private readonly clock: Clock,
    private readonly maxBytes: number,
    private readonly chargeOverhead = false,
  ) {
    super();
  }

  /** Total size of the values held (tests, statistics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  lookup(namespace: string, key: string): Promise<CacheLookup> {
    return Promise.resolve(this.lookupNow(namespace, key));
  }

  override lookupNow(namespace: string, key: string): CacheLookup {
    const generation = this.generation(namespace);
    return { generation, value: this.current(namespace, key, generation) };
  }

  override lookupValue(namespace: string, key: string): string | undefined {
    return this.current(namespace, key, this.generation(namespace));
  }

  /** The live value under the key, made the most recently used; a stale one is dropped. */
  private current(namespace: string, key: string, generation: string): string | undefined {
    const id = entryId(namespace, key);
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.generation !== generation || entry.expiresAt <= this.clock.nowMs()) {
      this.remove(id, entry);
      return undefined;
    }
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.value;
  }

  store(
    namespace: string,
    key: string,
    generation: string,
    value: string,
    ttlMs: number,
  ): Promise<void> {
    const id = entryId(namespace, key);
    const bytes =
      Buffer.byteLength(value) + (this.chargeOverhead ? id.length + ENTRY_OVERHEAD_BYTES : 0);
    if (generation !== this.generations.get(namespace) || ttlMs <= 0 || bytes > this.maxBytes) {
      return Promise.resolve();
    }
    const previous = this.entries.get(id);
    if (previous !== undefined) this.remove(id, previous);
    this.entries.set(id, {
      namespace,
      generation,
      value,
      expiresAt: this.clock.nowMs() + ttlMs,
      bytes,
    });
    this.bytes += bytes;
    for (const [oldestId, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldestId, oldest);
    }
    return Promise.resolve();
  }

  invalidate(namespace: string): Promise<void> {
    this.generations.set(namespace, newGeneration());
    for (const [id, entry] of this.entries) {
      if (entry.namespace === namespace) this.remove(id, entry);
    }
    return Promise.resolve();
  }

  private generation(namespace: string): string {
    let generation = this.generations.get(namespace);
    if (generation === undefined) this.generations.set(namespace, (generation = newGeneration()));
    return generation;
  }

  private remove(id: string, entry: MemoryEntry): void {
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}

function entryId(namespace: string, key: string): string {
  return `${namespace}\u0000${key}`;
}
