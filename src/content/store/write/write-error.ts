/**
 * Input the writer refuses (validation, unknown references, structure limits). Every problem of
 * one element is reported at once; each names the field handle or property it is about, so an
 * importer can prefix the file and item and a mutation can show it as a GraphQL error.
 */
export class ElementWriteError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '));
    this.name = 'ElementWriteError';
  }
}

/** Collects problems; `throwIfAny` ends a validation step. Scoped lists share the items. */
export class ProblemList {
  constructor(
    private readonly items: string[] = [],
    private readonly prefix = '',
  ) {}

  add(problem: string): void {
    this.items.push(this.prefix + problem);
  }

  /** The same list, its problems prefixed (`block 2: `). */
  scoped(prefix: string): ProblemList {
    return new ProblemList(this.items, this.prefix + prefix);
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  throwIfAny(): void {
    if (this.items.length > 0) throw new ElementWriteError([...this.items]);
  }
}
