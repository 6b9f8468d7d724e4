/** A scheduled task that can be stopped. */
export interface Scheduled {
  cancel(): void;
}

/**
 * Timers behind an interface so flushing can be tested with a fake clock. The real one unrefs its
 * timers: statistics never keep the process alive.
 */
export interface Scheduler {
  every(ms: number, task: () => void): Scheduled;
  after(ms: number, task: () => void): Scheduled;
}

export const timerScheduler: Scheduler = {
  every(ms, task) {
    const handle = setInterval(task, ms);
    handle.unref();
    return { cancel: () => clearInterval(handle) };
  },
  after(ms, task) {
    const handle = setTimeout(task, ms);
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};
