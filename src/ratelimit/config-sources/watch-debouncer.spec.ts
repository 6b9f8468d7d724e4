import { WatchDebouncer } from './watch-debouncer';

describe('WatchDebouncer', () => {
  let fired: number;
  let debouncer: WatchDebouncer;

  beforeEach(() => {
    jest.useFakeTimers();
    fired = 0;
    debouncer = new WatchDebouncer(() => fired++, { quietMs: 150, maxWaitMs: 1000 });
  });
  afterEach(() => {
    debouncer.cancel();
    jest.useRealTimers();
  });

  it('fires once, a quiet period after the last event of a burst', () => {
    for (let i = 0; i < 5; i++) {
      debouncer.trigger();
      jest.advanceTimersByTime(100);
    }
    expect(fired).toBe(0);
    expect(debouncer.pending).toBe(true);
    jest.advanceTimersByTime(49);
    expect(fired).toBe(0);
    jest.advanceTimersByTime(1);
    expect(fired).toBe(1);
    expect(debouncer.pending).toBe(false);
    jest.advanceTimersByTime(5000);
    expect(fired).toBe(1);
  });

  it('fires at the latest maxWait after the first event when events never pause', () => {
    for (let elapsed = 0; elapsed < 990; elapsed += 100) {
      debouncer.trigger();
      jest.advanceTimersByTime(100);
    }
    expect(fired).toBe(1);
    // The events after the forced call form a new burst with its own quiet period.
    debouncer.trigger();
    jest.advanceTimersByTime(150);
    expect(fired).toBe(2);
  });

  it('gives one call per separate burst', () => {
    debouncer.trigger();
    jest.advanceTimersByTime(150);
    debouncer.trigger();
    debouncer.trigger();
    jest.advanceTimersByTime(150);
    expect(fired).toBe(2);
  });

  it('drops a pending call when cancelled', () => {
    debouncer.trigger();
    debouncer.cancel();
    jest.advanceTimersByTime(5000);
    expect(fired).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
