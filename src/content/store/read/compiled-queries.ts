import type { SQL } from 'drizzle-orm';
import { type CompiledSql, compileSql } from '../../../infra/database/prepared-rows';

/** Query shapes remembered per content model; the least recently used goes first. */
const MAX_ENTRIES = 500;

/**
 * How far the probe's clock is from the real one when a query is first compiled: far enough that
 * anything derived from the time (a day, a relative date) differs between the two.
 */
const PROBE_SHIFT_MS = 400 * 86_400_000 + 12_345;

interface Remembered {
  readonly text: string;
  readonly params: readonly unknown[];
  /** Where the parameters hold the clock's time itself. */
  readonly nowAt: readonly number[];
  /** Where they hold it as ISO 8601 text (`toISOString`). */
  readonly nowTextAt: readonly number[];
}

/**
 * Compiled element queries by what they were compiled from (the criteria and batch as a key), so
 * a query that runs again skips building Drizzle's SQL tree and rendering it (about an eighth of
 * an uncached list request on PostgreSQL). A query depends on the time only through `now`; it is
 * remembered when the time appears in its parameters as itself (a Date or its ISO text) and
 * nowhere else, which the first
 * compile checks by compiling once more with a clock far from the real one: anything else (a
 * relative date, a day boundary) is compiled every time, as before.
 */
export class CompiledQueries {
  /** null: compiled every time (the time shapes more than a parameter). */
  private readonly entries = new Map<string, Remembered | null>();

  constructor(private readonly max = MAX_ENTRIES) {}

  compile(key: string, now: Date, build: (now: Date) => SQL): CompiledSql {
    const entry = this.entries.get(key);
    if (entry === null) return compileSql(build(now));
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      const params = entry.params.slice();
      for (const at of entry.nowAt) params[at] = now;
      if (entry.nowTextAt.length > 0) {
        const text = now.toISOString();
        for (const at of entry.nowTextAt) params[at] = text;
      }
      return { text: entry.text, params };
    }
    const query = compileSql(build(now));
    const probeNow = new Date(now.getTime() + PROBE_SHIFT_MS);
    this.remember(key, learn(query, now, compileSql(build(probeNow)), probeNow));
    return query;
  }

  private remember(key: string, entry: Remembered | null): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }
}

function learn(
  query: CompiledSql,
  now: Date,
  probe: CompiledSql,
  probeNow: Date,
): Remembered | null {
  if (query.text !== probe.text || query.params.length !== probe.params.length) return null;
  const nowAt: number[] = [];
  const nowTextAt: number[] = [];
  const nowText = now.toISOString();
  const probeText = probeNow.toISOString();
  for (let i = 0; i < query.params.length; i++) {
    const [value, probed] = [query.params[i], probe.params[i]];
    if (value === now && probed === probeNow) nowAt.push(i);
    else if (value === nowText && probed === probeText) nowTextAt.push(i);
    else if (!sameValue(value, probed)) return null;
  }
  return { text: query.text, params: query.params, nowAt, nowTextAt };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The key of criteria: their JSON, with numbers JSON cannot tell apart (NaN, ±Infinity) kept
 * distinct. Criteria are plain data; an absent and an undefined property mean the same to the
 * compiler.
 */
export function criteriaKey(criteria: object): string {
  const plain = JSON.stringify(criteria);
  // Only a null in the text can stand for such a number: then, if there is one, the slower exact
  // form, marked so that it never equals a plain key (those start with `{`).
  if (!plain.includes('null') || !holdsNonFinite(criteria)) return plain;
  return `~${JSON.stringify(criteria, exactValue)}`;
}

function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value !== 'object' || value === null) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (holdsNonFinite(item)) return true;
  }
  return false;
}

/** Non-finite numbers as `#NaN`, `#Infinity`; strings starting with `#` get one more. */
function exactValue(_name: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) return `#${value}`;
  if (typeof value === 'string' && value.startsWith('#')) return `#${value}`;
  return value;
}
