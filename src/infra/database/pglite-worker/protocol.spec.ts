import { PGlite, types } from '@electric-sql/pglite';
import { isUniqueViolation } from '../constraint-errors';
import { deserializeError, identityParsers, rawParserOids, serializeError } from './protocol';

describe('PGlite worker protocol', () => {
  describe('parsers', () => {
    it("sends the OIDs of Drizzle's identity parsers and rebuilds them in the worker", () => {
      const same = (value: string) => value;
      const oids = rawParserOids({ [types.TIMESTAMPTZ]: same, [types.DATE]: same, 1231: same });
      expect([...oids].sort()).toEqual([types.DATE, types.TIMESTAMPTZ, 1231].sort());
      const rebuilt = identityParsers(oids);
      expect(Object.keys(rebuilt).map(Number).sort()).toEqual([...oids].sort());
      expect(rebuilt[types.TIMESTAMPTZ]('2026-11-27 02:00:00+00')).toBe('2026-11-27 02:00:00+00');
    });

    it('checks a parsers object once, and builds the parsers of a list of OIDs once', () => {
      const same = jest.fn((value: string) => value);
      const parsers = { [types.TIMESTAMPTZ]: same };
      const first = rawParserOids(parsers);
      expect(rawParserOids(parsers)).toBe(first);
      expect(same).toHaveBeenCalledTimes(1);
      expect(identityParsers([...first])).toBe(identityParsers(first));
    });

    it('sends nothing without parsers', () => {
      expect(rawParserOids(undefined)).toEqual([]);
      expect(identityParsers(undefined)).toEqual({});
    });

    it('refuses a parser that changes values (it cannot cross the thread boundary)', () => {
      expect(() => rawParserOids({ [types.INT8]: (value) => BigInt(value) })).toThrow(
        `PGLITE_WORKER supports only identity parsers (type ${types.INT8})`,
      );
    });
  });

  describe('errors', () => {
    let db: PGlite;

    beforeAll(async () => {
      db = await PGlite.create();
      await db.exec('create table t (name text constraint t_name_key unique)');
      await db.exec("insert into t values ('a')");
    });

    afterAll(() => db.close());

    it("keeps a database error's message, name and fields across a structured clone", async () => {
      const original = await db
        .query("insert into t values ('a')")
        .catch((error: unknown) => error);
      const crossed = deserializeError(structuredClone(serializeError(original)));
      expect(crossed).toBeInstanceOf(Error);
      expect(crossed.message).toBe((original as Error).message);
      expect(crossed).toMatchObject({
        name: (original as Error).name,
        code: '23505',
        constraint: 't_name_key',
        table: 't',
        detail: 'Key (name)=(a) already exists.',
      });
      expect(isUniqueViolation(crossed, 't_name_key')).toBe(true);
      expect(crossed.stack).toContain('in the PGlite worker:');
    });

    it('turns a thrown non-error into a message', () => {
      expect(deserializeError(serializeError('gone')).message).toBe('gone');
    });
  });
});
