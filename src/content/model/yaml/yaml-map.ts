import { suggestion } from './did-you-mean';
import { at, ModelProblems, Where } from './problems';

export const HANDLE_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*$/;

/** A value as messages quote it: JSON, shortened. */
export function quote(value: unknown): string {
  const text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? typeof value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** One list item with its location. */
export interface Located<T> {
  readonly value: T;
  readonly where: Where;
}

/**
 * Typed reads from one YAML mapping (already converted to plain values), reporting each wrong,
 * missing or unknown key to `problems` with its path. A getter that finds a bad value reports it
 * and answers undefined (or the fallback), so validation goes on and finds the next problem.
 */
export class YamlMap {
  private constructor(
    private readonly values: Readonly<Record<string, unknown>>,
    readonly where: Where,
    readonly problems: ModelProblems,
  ) {}

  /**
   * The mapping at `where`, or undefined (reported) when the value is not one. Keys outside
   * `keys` are reported as unknown, with the closest known key when it looks like a typo.
   */
  static open(
    value: unknown,
    where: Where,
    problems: ModelProblems,
    keys: readonly string[],
  ): YamlMap | undefined {
    if (!isPlainObject(value)) {
      problems.add(where, `must be a mapping (key: value), got ${quote(value)}`);
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (keys.includes(key)) continue;
      const hint = suggestion(key, keys) || ` (allowed: ${keys.join(', ')})`;
      problems.add(where, `unknown key "${key}"${hint}`);
    }
    return new YamlMap(value, where, problems);
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  raw(key: string): unknown {
    return this.values[key];
  }

  at(key: string): Where {
    return at(this.where, key);
  }

  /** A string; `required` reports a missing key, an empty string is reported unless `allowEmpty`. */
  text(
    key: string,
    options: { required?: boolean; allowEmpty?: boolean } = {},
  ): string | undefined {
    const value = this.values[key];
    if (value === undefined || value === null) {
      if (options.required) this.problems.add(this.where, `missing "${key}"`);
      return undefined;
    }
    // YAML reads `name: 2024` as a number; a name or format that looks numeric is still text.
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string') {
      // `uriFormat: {slug}` is a YAML mapping, not text: say how to write it.
      const hint = isPlainObject(value) ? ` (quote text that starts with {)` : '';
      this.problems.add(this.at(key), `must be a string, got ${quote(value)}${hint}`);
      return undefined;
    }
    if (text.trim() === '' && !options.allowEmpty) {
      this.problems.add(this.at(key), 'must not be empty');
      return undefined;
    }
    return text;
  }

  bool(key: string, fallback: boolean): boolean {
    const value = this.values[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'boolean') {
      this.problems.add(this.at(key), `must be true or false, got ${quote(value)}`);
      return fallback;
    }
    return value;
  }

  /** An integer in [min, max]; null (or no key) gives null. */
  int(key: string, options: { min?: number; max?: number } = {}): number | null {
    const value = this.values[key];
    if (value === undefined || value === null) return null;
    const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      const range =
        max === Number.MAX_SAFE_INTEGER
          ? `an integer >= ${min}`
          : `an integer from ${min} to ${max}`;
      this.problems.add(this.at(key), `must be ${range}, got ${quote(value)}`);
      return null;
    }
    return value;
  }

  /** A finite number; a missing key gives the fallback. */
  number(key: string, fallback: number): number {
    const value = this.values[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.problems.add(this.at(key), `must be a number, got ${quote(value)}`);
      return fallback;
    }
    return value;
  }

  /** One of `values`; a missing key gives the fallback. */
  choice<T extends string>(key: string, values: readonly T[], fallback: T): T;
  choice<T extends string>(key: string, values: readonly T[], fallback: null): T | null;
  choice<T extends string>(key: string, values: readonly T[], fallback: T | null): T | null {
    const value = this.values[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'string' && (values as readonly string[]).includes(value)) {
      return value as T;
    }
    const hint = typeof value === 'string' ? suggestion(value, values) : '';
    this.problems.add(
      this.at(key),
      `must be one of ${values.join(', ')}, got ${quote(value)}${hint}`,
    );
    return fallback;
  }

  /** The items of a list with their locations; undefined when absent, reported when not a list. */
  list(key: string, options: { required?: boolean } = {}): Located<unknown>[] | undefined {
    const value = this.values[key];
    if (value === undefined || value === null) {
      if (options.required) this.problems.add(this.where, `missing "${key}"`);
      return undefined;
    }
    if (!Array.isArray(value)) {
      this.problems.add(this.at(key), `must be a list, got ${quote(value)}`);
      return undefined;
    }
    const where = this.at(key);
    return value.map((item: unknown, index) => ({ value: item, where: at(where, index) }));
  }

  /** A list of strings (handles, scope components); bad items are reported and left out. */
  strings(key: string): Located<string>[] | undefined {
    const items = this.list(key);
    if (items === undefined) return undefined;
    const strings: Located<string>[] = [];
    for (const item of items) {
      if (typeof item.value === 'string' && item.value.trim() !== '') {
        strings.push({ value: item.value.trim(), where: item.where });
      } else this.problems.add(item.where, `must be a non-empty string, got ${quote(item.value)}`);
    }
    return strings;
  }

  /** The required `handle` (or another key holding one), checked against the handle syntax. */
  handle(key = 'handle'): string | undefined {
    const value = this.text(key, { required: true });
    if (value === undefined) return undefined;
    if (!HANDLE_PATTERN.test(value)) {
      this.problems.add(
        this.at(key),
        `${quote(value)} is not a valid handle (a letter, then letters, digits or _)`,
      );
      return undefined;
    }
    return value;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
