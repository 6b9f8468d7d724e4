import { PGlite, protocol, type QueryOptions } from '@electric-sql/pglite';
import { type ReadResults, readRows, type RowField } from './pglite-rows';

/**
 * Distinct statements kept prepared in one PGlite database. Query shapes depend on the arguments a
 * request combines, so their number is open-ended; past the cap they run unprepared, as before.
 */
const MAX_PREPARED = 1000;

/**
 * The types whose values Drizzle's pglite driver keeps as the text PostgreSQL sent (dates,
 * intervals, numeric arrays), so that prepared rows equal the rows `db.execute` gives.
 */
export const DRIZZLE_RAW_OIDS: readonly number[] = [
  1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182,
];

export type PreparedQueryOptions = Pick<QueryOptions, 'rowMode' | 'parsers'>;

interface Statement {
  readonly name: string;
  readonly parameterTypes: readonly number[];
  /** From its RowDescription: rows are read with them, so each run skips a Describe. */
  readonly fields: readonly RowField[];
}

const { serialize } = protocol;

/** Statement names are unique in the process: two sets on one database never collide. */
let statementsPrepared = 0;

/**
 * Named prepared statements on a PGlite database, for the read queries that run often.
 * `PGlite.query` parses, plans and describes every statement on every call (six protocol
 * exchanges with the WASM engine) and parses the answer message by message; a named statement is
 * parsed once and then only bound and executed in one exchange, PostgreSQL keeps its plan, and
 * the answer is read straight from its bytes (pglite-rows.ts). The list query went from 236 to
 * 830 requests a second (docs/benchmarks.md). Outside transactions only: it waits for an open
 * transaction to end as `PGlite.query` does.
 */
export class PglitePreparedStatements {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: PGlite,
    private readonly max = MAX_PREPARED,
  ) {}

  query(
    text: string,
    params: readonly unknown[],
    options: PreparedQueryOptions = {},
  ): Promise<ReadResults> {
    if (!this.statements.has(text) && this.statements.size >= this.max) {
      return this.db.query(text, [...params], options);
    }
    // PGlite's own locks: after any open transaction, then alone on the connection.
    return this.db._runExclusiveTransaction(() =>
      this.db._runExclusiveQuery(async () => {
        const statement = this.statements.get(text) ?? (await this.prepare(text));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = this.db.serializers[statement.parameterTypes[i]];
          // A type without a serializer gets the value's own text, as PGlite.query does.
          return serializer === undefined
            ? (value as { toString(): string }).toString()
            : serializer(value);
        });
        // The raw stream hands over the answer unparsed (execProtocolRaw parses it too); its
        // chunks are views of the engine's memory, copied before the next call.
        const chunks: Uint8Array[] = [];
        await this.db.execProtocolRawStream(
          joined(
            serialize.bind({ statement: statement.name, values }),
            serialize.execute({}),
            serialize.sync(),
          ),
          { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
        );
        const raw = chunks.length === 1 ? chunks[0] : joined(...chunks);
        // The query's own parsers first, then the database's (array types included).
        const parsers = [options.parsers, this.db.parsers];
        return readRows(raw, statement.fields, parsers, options.rowMode);
      }),
    );
  }

  private async prepare(text: string): Promise<Statement> {
    const name = `prepared_${++statementsPrepared}`;
    // A failing statement throws PGlite's DatabaseError; the Sync sent with it has already ended
    // the failed exchange.
    const messages = await this.db.execProtocolStream(
      joined(
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    const find = (kind: string) => messages.find((message) => message.name === kind);
    const parameters = find('parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    // A statement without rows answers NoData instead: no fields.
    const description = find('rowDescription') as { fields?: RowField[] } | undefined;
    const statement: Statement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      fields: (description?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    this.statements.set(text, statement);
    return statement;
  }
}

/** Several protocol messages as one buffer: one call into the engine. */
function joined(...parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
}
