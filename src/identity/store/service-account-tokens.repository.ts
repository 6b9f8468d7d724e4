import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { serviceAccountTokens, users } from '../../infra/database/schema';
import type { User } from './users.repository';

export type ServiceAccountToken = typeof serviceAccountTokens.$inferSelect;

/** Service account tokens, stored as the SHA-256 of the token. */
@Injectable()
export class ServiceAccountTokensRepository {
  constructor(private readonly database: Database) {}

  async insert(values: typeof serviceAccountTokens.$inferInsert): Promise<ServiceAccountToken> {
    const [row] = await this.database.executor
      .insert(serviceAccountTokens)
      .values(values)
      .returning();
    return row;
  }

  async findByHash(
    keyHash: string,
  ): Promise<{ token: ServiceAccountToken; serviceAccount: User } | undefined> {
    const [row] = await this.database.executor
      .select({ token: serviceAccountTokens, serviceAccount: users })
      .from(serviceAccountTokens)
      .innerJoin(users, eq(users.id, serviceAccountTokens.serviceAccountId))
      .where(eq(serviceAccountTokens.keyHash, keyHash));
    return row;
  }

  async countFor(serviceAccountId: number): Promise<number> {
    const rows = await this.database.executor
      .select({ id: serviceAccountTokens.id })
      .from(serviceAccountTokens)
      .where(eq(serviceAccountTokens.serviceAccountId, serviceAccountId));
    return rows.length;
  }
}
