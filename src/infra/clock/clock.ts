/** Time source, injected so tests can pin the fixed-window arithmetic to a known instant. */
export abstract class Clock {
  abstract nowMs(): number;
}

export class SystemClock extends Clock {
  nowMs(): number {
    return Date.now();
  }
}

/** A clock that only moves when told to (tests). */
export class ManualClock extends Clock {
  constructor(private current: number) {
    super();
  }
  nowMs(): number {
    return this.current;
  }
  set(ms: number): void {
    this.current = ms;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
