import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The test PostgreSQL server (trust auth); TEST_POSTGRES_URL overrides it. */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PostgresDatabase {
  /** Connection URL of the fresh database, the service's DATABASE_URL. */
  readonly url: string;
  readonly name: string;
  /** Runs SQL in the database (test setup and inspection). */
  query<T extends object>(text: string): Promise<T[]>;
  /** Drops the database, closing whatever still uses it. */
  drop(): Promise<void>;
}

/** A fresh, empty database `<prefix>_<random>` on the test server. */
export async function createPostgresDatabase(prefix = 'teams'): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(POSTGRES_ADMIN_URL, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    query: <T extends object>(text: string) =>
      withClient(url.toString(), async (client) => (await client.query<T>(text)).rows),
    drop: async () => {
      await withClient(POSTGRES_ADMIN_URL, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/** Runs `work` with a client connected to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
