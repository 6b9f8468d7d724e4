/** A value sampled when statistics are read (sizes, cache figures); nothing to do on the hot path. */
export class Gauge {
  constructor(
    readonly name: string,
    private readonly sample: () => number,
  ) {}

  get value(): number {
    return this.sample();
  }
}
