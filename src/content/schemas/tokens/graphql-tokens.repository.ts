import { Injectable } from '@nestjs/common';
import { asc, count, eq } from 'drizzle-orm';
import { Database } from '../../../infra/database/database';
import { isUniqueViolation } from '../../../infra/database/constraint-errors';
import { graphqlTokens } from '../../../infra/database/schema';

export type GraphqlTokenRow = typeof graphqlTokens.$inferSelect;
export type NewGraphqlToken = typeof graphqlTokens.$inferInsert;
/** What the admin API changes on a token (a rotation changes the hash). */
export type TokenRowChanges = Partial<
  Pick<NewGraphqlToken, 'name' | 'enabled' | 'expiryDate' | 'tokenHash'>
>;

/** Thrown by insert when the name is taken (the unique constraint decides races). */
export class TokenNameTakenError extends Error {
  constructor(name: string) {
    super(`a GraphQL token named "${name}" already exists`);
    this.name = 'TokenNameTakenError';
  }
}

/** GraphQL access tokens, stored as the SHA-256 of the token. */
@Injectable()
export class GraphqlTokensRepository {
  constructor(private readonly database: Database) {}

  async insert(values: NewGraphqlToken): Promise<GraphqlTokenRow> {
    try {
      const [row] = await this.database.executor.insert(graphqlTokens).values(values).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error, 'graphql_tokens_name_key')) {
        throw new TokenNameTakenError(values.name);
      }
      throw error;
    }
  }

  /** Every token, oldest first. */
  list(): Promise<GraphqlTokenRow[]> {
    return this.database.executor.select().from(graphqlTokens).orderBy(asc(graphqlTokens.id));
  }

  async findByHash(tokenHash: string): Promise<GraphqlTokenRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(graphqlTokens)
      .where(eq(graphqlTokens.tokenHash, tokenHash));
    return row;
  }

  async findById(id: number): Promise<GraphqlTokenRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(graphqlTokens)
      .where(eq(graphqlTokens.id, id));
    return row;
  }

  async findByUid(uid: string): Promise<GraphqlTokenRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(graphqlTokens)
      .where(eq(graphqlTokens.uid, uid));
    return row;
  }

  async findByName(name: string): Promise<GraphqlTokenRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(graphqlTokens)
      .where(eq(graphqlTokens.name, name));
    return row;
  }

  /** The changed row; undefined when it is gone. A taken name throws TokenNameTakenError. */
  async update(id: number, changes: TokenRowChanges): Promise<GraphqlTokenRow | undefined> {
    try {
      const [row] = await this.database.executor
        .update(graphqlTokens)
        .set(changes)
        .where(eq(graphqlTokens.id, id))
        .returning();
      return row;
    } catch (error) {
      if (changes.name !== undefined && isUniqueViolation(error, 'graphql_tokens_name_key')) {
        throw new TokenNameTakenError(changes.name);
      }
      throw error;
    }
  }

  /** The deleted row; undefined when there was none. */
  async delete(id: number): Promise<GraphqlTokenRow | undefined> {
    const [row] = await this.database.executor
      .delete(graphqlTokens)
      .where(eq(graphqlTokens.id, id))
      .returning();
    return row;
  }

  /** How many tokens each schema uid has. */
  async countBySchema(): Promise<Map<string, number>> {
    const rows = await this.database.executor
      .select({ schemaUid: graphqlTokens.schemaUid, tokens: count() })
      .from(graphqlTokens)
      .groupBy(graphqlTokens.schemaUid);
    return new Map(rows.map((row) => [row.schemaUid, Number(row.tokens)]));
  }

  async recordUse(id: number, at: Date): Promise<void> {
    await this.database.executor
      .update(graphqlTokens)
      .set({ lastUsed: at })
      .where(eq(graphqlTokens.id, id));
  }
}
