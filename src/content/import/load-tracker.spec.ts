import { LoadTracker } from './load-tracker';
import type { ElementState, ElementStatesRepository } from './element-states.repository';

describe('LoadTracker', () => {
  const state = (id: number, content: string): ElementState =>
    ({ id, content, dateUpdated: 'u', dateModified: 'm' }) as unknown as ElementState;
  const noDates = { dateUpdated: false, dateModified: false };

  function repository(before: Map<number, ElementState>, after: Map<number, ElementState>) {
    let reads = 0;
    const restored: ElementState[][] = [];
    const states = {
      read: (ids: number[]) => {
        const source = reads++ === 0 && ids.length === 1 ? before : after;
        return Promise.resolve(
          new Map(ids.flatMap((id) => (source.has(id) ? [[id, source.get(id)!]] : []))),
        );
      },
      restoreDates: (rows: ElementState[]) => {
        restored.push(rows);
        return Promise.resolve();
      },
    } as unknown as ElementStatesRepository;
    return { states, restored };
  }

  it('counts created, updated and unchanged elements once each', async () => {
    const { states, restored } = repository(
      new Map([[100, state(100, 'a')]]),
      new Map([[100, state(100, 'a')]]),
    );
    const tracker = new LoadTracker(states);
    tracker.written('entries', { id: 1, created: true }, noDates);
    tracker.written('entries', { id: 2, created: true }, noDates);
    expect(tracker.has(1)).toBe(true);
    // An item matching an element this load created: still one created element.
    await tracker.beforeWrite('entries', 1, noDates);
    tracker.written('entries', { id: 1, created: false }, noDates);
    await tracker.beforeWrite('tags', 100, noDates);
    tracker.written('tags', { id: 100, created: false }, noDates);
    tracker.written('users', { id: 200, created: false }, noDates);
    expect(tracker.has(3)).toBe(false);
    const counts = await tracker.finish();
    expect(counts.entries).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(counts.tags).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(counts.users).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(restored).toEqual([[state(100, 'a')]]);
  });
});
