/** Where a value sits: the file's label (its path below the project directory) and the YAML path. */
export interface Where {
  readonly file: string;
  /** e.g. `sections[1].entryTypes[0].fields[2]`; empty for the file itself. */
  readonly path: string;
}

/** The location of a key or list index below `where`. */
export function at(where: Where, key: string | number): Where {
  const step = typeof key === 'number' ? `[${key}]` : where.path === '' ? key : `.${key}`;
  return { file: where.file, path: where.path + step };
}

/** `file: path` as messages name a place. */
export function placeOf(where: Where): string {
  return where.path === '' ? where.file : `${where.file}: ${where.path}`;
}

/**
 * Every problem found while reading and validating the content model: collected rather than
 * thrown, so that one boot or reload reports all of them at once.
 */
export class ModelProblems {
  private readonly list: string[] = [];

  add(where: Where, message: string): void {
    this.list.push(`${placeOf(where)}: ${message}`);
  }

  /** A problem of the model as a whole (no single file to blame). */
  addGeneral(message: string): void {
    this.list.push(message);
  }

  get messages(): readonly string[] {
    return this.list;
  }

  get empty(): boolean {
    return this.list.length === 0;
  }
}

/** The content model on disk is invalid; `problems` lists every message. */
export class ContentModelError extends Error {
  constructor(
    readonly problems: readonly string[],
    headline = 'invalid content model',
  ) {
    super(`${headline}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentModelError';
  }
}
