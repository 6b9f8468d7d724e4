import { Scheduled, Scheduler } from './scheduler';

interface Task {
  due: number;
  readonly every: number | undefined;
  readonly run: () => void;
  cancelled: boolean;
}

/** A scheduler driven by `advance(ms)`: tasks run in due order, in the caller's turn (tests). */
export class FakeScheduler implements Scheduler {
  private now = 0;
  private readonly tasks: Task[] = [];

  every(ms: number, run: () => void): Scheduled {
    return this.add({ due: this.now + ms, every: ms, run, cancelled: false });
  }

  after(ms: number, run: () => void): Scheduled {
    return this.add({ due: this.now + ms, every: undefined, run, cancelled: false });
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const next = this.tasks
        .filter((task) => !task.cancelled && task.due <= until)
        .sort((a, b) => a.due - b.due)[0];
      if (next === undefined) break;
      this.now = next.due;
      if (next.every === undefined) next.cancelled = true;
      else next.due += next.every;
      next.run();
    }
    this.now = until;
  }

  get pending(): number {
    return this.tasks.filter((task) => !task.cancelled).length;
  }

  private add(task: Task): Scheduled {
    this.tasks.push(task);
    return { cancel: () => (task.cancelled = true) };
  }
}
