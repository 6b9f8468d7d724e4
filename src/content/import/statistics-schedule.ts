/**
 * When a long load refreshes the planner's statistics: each time the rows it has written double
 * (from `first` on). The look-ups stay planned for tables within a factor of two of their size,
 * and the ANALYZEs (each a bounded sample) cost a logarithmic number of calls.
 */
export class StatisticsSchedule {
  private written = 0;
  private next: number;

  constructor(
    private readonly refresh: () => Promise<void>,
    first = 256,
  ) {
    this.next = first;
  }

  /** After one more element is written. */
  async step(): Promise<void> {
    if (++this.written < this.next) return;
    this.next = this.written * 2;
    await this.refresh();
  }
}
