import { sql } from 'drizzle-orm';
import { CompiledQueries, criteriaKey } from './compiled-queries';

describe('CompiledQueries', () => {
  const at = (iso: string) => new Date(iso);
  let builds = 0;
  const counting =
    <T>(build: (now: Date) => T) =>
    (now: Date) => {
      builds++;
      return build(now);
    };
  beforeEach(() => (builds = 0));

  it('remembers a query whose time is a parameter and puts the new time in its place', () => {
    const queries = new CompiledQueries();
    const build = counting(
      (now: Date) => sql`SELECT ${1} WHERE d <= ${now} AND x = ${'a'} AND t > ${now.toISOString()}`,
    );
    const first = queries.compile('k', at('2024-01-01T00:00:00Z'), build);
    expect(first).toEqual({
      text: 'SELECT $1 WHERE d <= $2 AND x = $3 AND t > $4',
      params: [1, at('2024-01-01T00:00:00Z'), 'a', '2024-01-01T00:00:00.000Z'],
    });
    expect(builds).toBe(2); // the query and its probe
    const later = at('2024-05-06T07:08:09Z');
    const second = queries.compile('k', later, build);
    expect(builds).toBe(2);
    expect(second.text).toBe(first.text);
    expect(second.params[1]).toBe(later);
    expect(second.params).toEqual([1, later, 'a', '2024-05-06T07:08:09.000Z']);
    // The remembered parameters are not changed by a later answer.
    expect(first.params[1]).toEqual(at('2024-01-01T00:00:00Z'));
  });

  it('compiles every time a query that derives values from the time', () => {
    const queries = new CompiledQueries();
    const startOfDay = counting(
      (now: Date) => sql`SELECT ${now.toISOString().slice(0, 10)}::date, ${now}`,
    );
    queries.compile('day', at('2024-01-01T10:00:00Z'), startOfDay);
    const next = queries.compile('day', at('2024-01-02T10:00:00Z'), startOfDay);
    expect(next.params[0]).toBe('2024-01-02');
    expect(builds).toBe(3);
  });

  it('compiles every time a query whose text depends on the time', () => {
    const queries = new CompiledQueries();
    const build = counting((now: Date) =>
      now.getUTCFullYear() < 2025 ? sql`SELECT 1` : sql`SELECT 2`,
    );
    queries.compile('text', at('2024-06-01T00:00:00Z'), build);
    expect(queries.compile('text', at('2026-01-01T00:00:00Z'), build).text).toBe('SELECT 2');
  });

  it('keeps constant dates and arrays, and forgets the least recently used past its size', () => {
    const queries = new CompiledQueries(2);
    const fixed = at('2020-01-01T00:00:00Z');
    const build = (id: number) =>
      counting((now: Date) => sql`SELECT ${sql.param([id, 2])}, ${fixed}, ${now}`);
    const now = at('2024-01-01T00:00:00Z');
    const one = build(1);
    const two = build(2);
    const three = build(3);
    queries.compile('1', now, one);
    queries.compile('2', now, two);
    queries.compile('1', now, one); // 1 is now the most recent
    queries.compile('3', now, three); // 2 goes
    expect(builds).toBe(6);
    expect(queries.compile('1', now, one).params).toEqual([[1, 2], fixed, now]);
    expect(builds).toBe(6);
    queries.compile('2', now, two);
    expect(builds).toBe(8);
  });

  it('criteriaKey tells apart what JSON would merge', () => {
    expect(criteriaKey({ limit: Infinity })).not.toBe(criteriaKey({ limit: null }));
    expect(criteriaKey({ offset: NaN })).not.toBe(criteriaKey({ offset: null }));
    expect(criteriaKey({ id: '5' })).not.toBe(criteriaKey({ id: 5 }));
    expect(criteriaKey({ status: null })).not.toBe(criteriaKey({}));
    expect(criteriaKey({ limit: undefined })).toBe(criteriaKey({}));
    expect(criteriaKey({ id: '#Infinity' })).not.toBe(criteriaKey({ id: Infinity }));
    expect(criteriaKey({ id: '#Infinity', status: null })).not.toBe(
      criteriaKey({ id: Infinity, status: null }),
    );
  });
});
