import { Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { isUniqueViolation } from '../../infra/database/database-errors';
import { graphqlTokens } from '../../infra/database/schema';

export type GraphqlTokenRow = typeof graphqlTokens.$inferSelect;
export type NewGraphqlToken = typeof graphqlTokens.$inferInsert;

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
      if (isUniqueViolation(error, 'graphql_tokens_name_key'))
        throw new TokenNameTakenError(values.name);
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

  async recordUse(id: number, at: Date): Promise<void> {
    await this.database.executor
      .update(graphqlTokens)
      .set({ lastUsed: at })
      .where(eq(graphqlTokens.id, id));
  }
}
