/** Thrown when the hashing queue is full: the caller answers at once instead of waiting. */
export class HashingQueueFullError extends Error {
  constructor() {
    super('too many password checks are waiting');
    this.name = 'HashingQueueFullError';
  }
}

/**
 * Runs password hashing (scrypt) with at most `concurrency` at a time and at most `maxWaiting`
 * waiting. scrypt runs on libuv's thread pool (4 threads by default), which file reads, DNS and
 * zlib share: without a bound, a flood of wrong passwords fills the pool and a static file waits
 * seconds. Over the waiting list the task is refused with HashingQueueFullError, never queued
 * forever. Waiters are served first in, first out.
 */
export class HashingQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error('concurrency must be a positive integer');
    }
  }

  get activeCount(): number {
    return this.active;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new HashingQueueFullError();
      // The slot is handed over by release(): `active` is not decremented in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
