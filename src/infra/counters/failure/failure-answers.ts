import { CounterIncrement, TOKEN_SCALE } from '../counter-store.port';
import { MemoryCounterStore } from '../memory-counter-store';

/**
 * What a decision is told while the store is away (KVSTORE_FAILURE_MODE), laid out as the store
 * would have answered (`resultSlots`), at once.
 */
export interface FailureAnswers {
  readonly mode: 'allow' | 'local';
  /** What decisions get meanwhile, for the log and the health report. */
  readonly description: string;
  answer(batch: readonly CounterIncrement[], write: boolean): number[];
}

/**
 * `allow`: every counter reads as untouched (a count of 0, a full bucket), so every decision is OK
 * and reports its whole limit as remaining: nothing was counted.
 */
export class AllowAnswers implements FailureAnswers {
  readonly mode = 'allow';
  readonly description = 'KVSTORE_FAILURE_MODE=allow answers every decision OK without counting it';

  answer(batch: readonly CounterIncrement[]): number[] {
    const results: number[] = [];
    for (let i = 0; i < batch.length; i++) {
      const { bucket, previousKey } = batch[i];
      if (bucket !== undefined) results.push(1, Math.floor(bucket.capacity * TOKEN_SCALE));
      else if (previousKey !== undefined) results.push(0, 0);
      else results.push(0);
    }
    return results;
  }
}

/**
 * `local`: the same rules on in-process counters (a memory store of their own). With `instances`
 * N > 1 each limit is divided by N: counts are reported N times over (over the limit exactly when
 * the local count is over limit / N) and buckets hold and refill 1/N of the tokens, reported N
 * times over, so that what a response says stays in the limit's own units.
 */
export class LocalAnswers implements FailureAnswers {
  readonly mode = 'local';
  readonly description: string;

  constructor(
    readonly counters: MemoryCounterStore,
    private readonly instances: number,
  ) {
    this.description =
      'KVSTORE_FAILURE_MODE=local decides with in-process counters' +
      (instances > 1 ? ` (each limit divided by ${instances} instances)` : '');
  }

  answer(batch: readonly CounterIncrement[], write: boolean): number[] {
    const n = this.instances;
    const scaled = n === 1 ? batch : batch.map((counter) => this.shareOf(counter));
    const results = write ? this.counters.incrementSync(scaled) : this.counters.readSync(scaled);
    if (n === 1) return results;
    let at = 0;
    for (let i = 0; i < batch.length; i++) {
      const counter = batch[i];
      if (counter.bucket !== undefined) {
        results[at + 1] *= n;
        at += 2;
      } else if (counter.previousKey !== undefined) {
        results[at] *= n;
        results[at + 1] *= n;
        at += 2;
      } else {
        results[at] *= n;
        at += 1;
      }
    }
    return results;
  }

  private shareOf(counter: CounterIncrement): CounterIncrement {
    const { bucket } = counter;
    if (bucket === undefined) return counter;
    const n = this.instances;
    return {
      ...counter,
      bucket: { ...bucket, capacity: bucket.capacity / n, refillPerMs: bucket.refillPerMs / n },
    };
  }
}
