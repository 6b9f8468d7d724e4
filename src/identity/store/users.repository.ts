import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, SQL } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { containsPattern } from '../../infra/database/like-pattern';
import { users } from '../../infra/database/schema';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const USER_SORTS = {
  'login-asc': asc(users.login),
  'login-desc': desc(users.login),
  'email-asc': asc(users.email),
  'email-desc': desc(users.email),
  'name-asc': asc(users.name),
  'name-desc': desc(users.name),
} as const satisfies Record<string, SQL>;
export type UserSort = keyof typeof USER_SORTS;

/** Users and service accounts (the `users` table). */
@Injectable()
export class UsersRepository {
  constructor(private readonly database: Database) {}

  async findById(id: number): Promise<User | undefined> {
    const [row] = await this.database.executor.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** A person (not a service account) by login or email, case-insensitively; login wins. */
  async findByLoginOrEmail(value: string): Promise<User | undefined> {
    const lowered = value.toLowerCase();
    const [row] = await this.database.executor
      .select()
      .from(users)
      .where(
        and(
          eq(users.isServiceAccount, false),
          or(sql`lower(${users.login}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`),
        ),
      )
      .orderBy(desc(sql`lower(${users.login}) = ${lowered}`))
      .limit(1);
    return row;
  }

  /** Users whose email is one of `emails`, case-insensitively. */
  async findByEmails(emails: readonly string[]): Promise<User[]> {
    if (emails.length === 0) return [];
    const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
    return this.database.executor
      .select()
      .from(users)
      .where(inArray(sql`lower(${users.email})`, lowered));
  }

  /** People (not service accounts) by uid. */
  async findByUids(uids: readonly string[]): Promise<User[]> {
    if (uids.length === 0) return [];
    return this.database.executor
      .select()
      .from(users)
      .where(and(eq(users.isServiceAccount, false), inArray(users.uid, [...new Set(uids)])));
  }

  async insert(values: NewUser): Promise<User> {
    const [row] = await this.database.executor.insert(users).values(values).returning();
    return row;
  }

  /** Rows that reference the user (memberships, tokens) go with it (foreign keys cascade). */
  async delete(id: number): Promise<void> {
    await this.database.executor.delete(users).where(eq(users.id, id));
  }

  /** The org used when a request names none (Grafana's "using org"). */
  async setCurrentOrg(id: number, orgId: number): Promise<void> {
    await this.database.executor
      .update(users)
      .set({ orgId, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  async countAll(): Promise<number> {
    const [row] = await this.database.executor.select({ n: count() }).from(users);
    return row.n;
  }

  /** People matching `query` in login, email or name (literal substring, any case). */
  async search(options: {
    query: string;
    limit: number;
    offset: number;
    sort: readonly UserSort[];
  }): Promise<{ total: number; users: User[] }> {
    const pattern = containsPattern(options.query);
    const where = and(
      eq(users.isServiceAccount, false),
      options.query === ''
        ? undefined
        : or(ilike(users.login, pattern), ilike(users.email, pattern), ilike(users.name, pattern)),
    );
    const db = this.database.executor;
    const [{ n }] = await db.select({ n: count() }).from(users).where(where);
    const order = options.sort.length > 0 ? options.sort.map((s) => USER_SORTS[s]) : [];
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order, asc(users.login), asc(users.id))
      .limit(options.limit)
      .offset(options.offset);
    return { total: n, users: rows };
  }
}
