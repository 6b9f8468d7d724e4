import { CounterIncrement } from '../counter-store.port';
import { IncrementBatcher } from './increment-batcher';

const item = (key: string, hits = 1): CounterIncrement => ({
  key,
  hits,
  windowSeconds: 60,
  windowEnd: 120,
});

describe('IncrementBatcher', () => {
  it('sends the decisions of one event loop turn as one call and gives each its own counts', async () => {
    const sent: string[][] = [];
    const batcher = new IncrementBatcher((items) => {
      sent.push(items.map((i) => i.key));
      return Promise.resolve(items.map((_, index) => index + 1));
    });
    const results = await Promise.all([
      batcher.add([item('a')]),
      batcher.add([item('b'), item('c')]),
      batcher.add([item('d')]),
    ]);
    expect(sent).toEqual([['a', 'b', 'c', 'd']]);
    expect(results).toEqual([[1], [2, 3], [4]]);
  });

  it('starts a new call on the next turn', async () => {
    const sent: number[] = [];
    const batcher = new IncrementBatcher((items) => {
      sent.push(items.length);
      return Promise.resolve(items.map(() => 1));
    });
    await batcher.add([item('a')]);
    await batcher.add([item('b')]);
    expect(sent).toEqual([1, 1]);
  });

  it('flushes at once when a batch reaches its key limit', async () => {
    const sent: number[] = [];
    const batcher = new IncrementBatcher((items) => {
      sent.push(items.length);
      return Promise.resolve(items.map(() => 1));
    }, 3);
    await Promise.all([
      batcher.add([item('a'), item('b')]),
      batcher.add([item('c')]),
      batcher.add([item('d')]),
    ]);
    expect(sent).toEqual([3, 1]);
  });

  it('fails every decision of a call that fails', async () => {
    const batcher = new IncrementBatcher(() => Promise.reject(new Error('down')));
    const outcomes = await Promise.allSettled([batcher.add([item('a')]), batcher.add([item('b')])]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
