import { HashingQueue, HashingQueueFullError } from './hashing-queue';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

describe('HashingQueue', () => {
  it('runs at most `concurrency` tasks at once and starts waiters first in, first out', async () => {
    const queue = new HashingQueue(2, 10);
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.task();
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.activeCount, queue.waitingCount]).toEqual([2, 2]);
    gates[1].open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[0].open();
    gates[2].open();
    gates[3].open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([queue.activeCount, queue.waitingCount]).toEqual([0, 0]);
  });

  it('refuses at once when the waiting list is full, and frees the slot of a failed task', async () => {
    const queue = new HashingQueue(1, 1);
    const first = gate();
    const running = queue.run(first.task);
    const waiting = queue.run(() => Promise.reject(new Error('scrypt failed')));
    await expect(queue.run(() => Promise.resolve(1))).rejects.toBeInstanceOf(HashingQueueFullError);
    first.open();
    await running;
    await expect(waiting).rejects.toThrow('scrypt failed');
    expect(await queue.run(() => Promise.resolve(7))).toBe(7);
    expect([queue.activeCount, queue.waitingCount]).toEqual([0, 0]);
  });

  it('with no waiting list refuses everything beyond the running tasks', async () => {
    const queue = new HashingQueue(1, 0);
    const first = gate();
    const running = queue.run(first.task);
    await expect(queue.run(() => Promise.resolve(1))).rejects.toBeInstanceOf(HashingQueueFullError);
    first.open();
    await running;
  });
});
