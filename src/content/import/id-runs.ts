/**
 * A set of integer ids kept as sorted, disjoint runs `[first, last]`: ids added in increasing
 * order (as a sequence hands them out) extend the last run in place.
 */
export class IdRuns {
  private readonly firsts: number[] = [];
  private readonly lasts: number[] = [];

  has(id: number): boolean {
    const at = this.runAtOrBefore(id);
    return at >= 0 && id <= this.lasts[at];
  }

  add(id: number): void {
    const at = this.runAtOrBefore(id);
    if (at >= 0 && id <= this.lasts[at]) return;
    const joinsBefore = at >= 0 && this.lasts[at] === id - 1;
    const joinsAfter = at + 1 < this.firsts.length && this.firsts[at + 1] === id + 1;
    if (joinsBefore && joinsAfter) {
      this.lasts[at] = this.lasts[at + 1];
      this.firsts.splice(at + 1, 1);
      this.lasts.splice(at + 1, 1);
    } else if (joinsBefore) {
      this.lasts[at] = id;
    } else if (joinsAfter) {
      this.firsts[at + 1] = id;
    } else {
      this.firsts.splice(at + 1, 0, id);
      this.lasts.splice(at + 1, 0, id);
    }
  }

  /** The index of the last run starting at or before `id`; -1: none. */
  private runAtOrBefore(id: number): number {
    let low = 0;
    let high = this.firsts.length - 1;
    // Ids mostly come in order: the last run first.
    if (high >= 0 && this.firsts[high] <= id) return high;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.firsts[middle] <= id) low = middle + 1;
      else high = middle - 1;
    }
    return high;
  }
}
