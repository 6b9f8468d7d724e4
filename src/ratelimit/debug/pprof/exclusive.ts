/**
 * One holder at a time, without waiting: profiling twice at once would measure the profilers,
 * double the memory of a heap snapshot, or (for tracing) fail inside V8.
 */
export class Exclusive {
  private held = false;

  get busy(): boolean {
    return this.held;
  }

  /** The release function, or undefined when already held. Releasing twice is harmless. */
  tryAcquire(): (() => void) | undefined {
    if (this.held) return undefined;
    this.held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held = false;
    };
  }
}
