import { parse, PGlite, protocol, type Results } from '@electric-sql/pglite';

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

export interface PreparedQueryOptions {
  readonly rowMode?: 'object' | 'array';
  readonly parsers?: Readonly<Record<number, (value: string, typeId?: number) => unknown>>;
}

interface Statement {
  readonly name: string;
  readonly parameterTypes: readonly number[];
  /** Its RowDescription message: rows are parsed with it, so each run skips a Describe. */
  readonly rowDescription: unknown;
}

const { serialize } = protocol;

/** Statement names are unique in the process: two sets on one database never collide. */
let statementsPrepared = 0;

/**
 * Named prepared statements on a PGlite database, for the read queries that run often.
 * `PGlite.query` parses, plans and describes every statement on every call (six protocol
 * exchanges with the WASM engine); a named statement is parsed once and then only bound and
 * executed in one exchange, and PostgreSQL keeps its plan (the list query pair: about 1.8 times
 * the statements per second). Outside transactions only: it waits for an open transaction to end
 * as `PGlite.query` does.
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
  ): Promise<Results> {
    if (!this.statements.has(text) && this.statements.size >= this.max)
      return this.db.query(text, [...params], options);
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
        const messages = await this.exchange(
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        );
        return parse.parseResults(
          [statement.rowDescription, ...messages] as Parameters<typeof parse.parseResults>[0],
          this.db.parsers,
          options,
        )[0];
      }),
    );
  }

  private async prepare(text: string): Promise<Statement> {
    const name = `prepared_${++statementsPrepared}`;
    const messages = await this.exchange(
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const find = (kind: string) => messages.find((message) => message.name === kind);
    const parameters = find('parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement: Statement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      // A statement without rows (none here) answers NoData: parseResults then finds no fields.
      rowDescription: find('rowDescription') ?? find('noData'),
    };
    this.statements.set(text, statement);
    return statement;
  }

  /**
   * Several protocol messages in one call into the engine. A failing statement throws
   * PGlite's DatabaseError; the Sync sent with it has already ended the failed exchange. Reads do
   * not write, so there is nothing to sync to the file system afterwards.
   */
  private exchange(...parts: Uint8Array[]) {
    const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
    let at = 0;
    for (const part of parts) {
      message.set(part, at);
      at += part.length;
    }
    return this.db.execProtocolStream(message, { syncToFs: false });
  }
}
