/** A monotonically growing counter; sinks read `value` and keep their own last-flushed copy. */
export class Counter {
  value = 0;
  constructor(readonly name: string) {}
  add(amount: number): void {
    this.value += amount;
  }
  inc(): void {
    this.value += 1;
  }
}
