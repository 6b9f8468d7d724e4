import { CounterIncrement, resultSlots } from '../counter-store.port';

interface Waiting {
  readonly items: readonly CounterIncrement[];
  /** How many result numbers its items take (`resultSlots`). */
  readonly slots: number;
  resolve(counts: number[]): void;
  reject(error: unknown): void;
}

/**
 * Decisions that reach the store in the same event loop turn share one script call: under load
 * that is one command for many decisions instead of one each, and ioredis' per-command cost was the
 * bound (docs/benchmarks.md). Every decision still waits exactly one round trip; the script runs
 * the increments in queue order, so a key counted by two decisions gives each its own count.
 */
export class IncrementBatcher {
  private queue: Waiting[] = [];
  private keys = 0;
  private scheduled = false;

  constructor(
    private readonly send: (items: readonly CounterIncrement[]) => Promise<number[]>,
    /** Bounds the script's run time and the reply size. */
    private readonly maxKeys = 256,
    /** What the waiting decisions are rejected with when the call fails. */
    private readonly failure: (error: unknown) => unknown = (error) => error,
  ) {}

  add(items: readonly CounterIncrement[]): Promise<number[]> {
    return new Promise((resolve, reject) => {
      let slots = 0;
      for (let i = 0; i < items.length; i++) slots += resultSlots(items[i]);
      this.queue.push({ items, slots, resolve, reject });
      this.keys += items.length;
      if (this.keys >= this.maxKeys) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    const queue = this.queue;
    if (queue.length === 0) return;
    this.queue = [];
    this.keys = 0;
    const all = queue.length === 1 ? queue[0].items : queue.flatMap((waiting) => waiting.items);
    this.send(all).then(
      (counts) => {
        if (queue.length === 1) {
          queue[0].resolve(counts);
          return;
        }
        let at = 0;
        for (const waiting of queue) {
          waiting.resolve(counts.slice(at, at + waiting.slots));
          at += waiting.slots;
        }
      },
      (error: unknown) => {
        const reason = this.failure(error);
        for (const waiting of queue) waiting.reject(reason);
      },
    );
  }
}
