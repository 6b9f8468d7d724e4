import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { orgs } from '../../infra/database/schema';

export type Org = typeof orgs.$inferSelect;

/** Organisations (the `orgs` table). */
@Injectable()
export class OrgsRepository {
  constructor(private readonly database: Database) {}

  async findById(id: number): Promise<Org | undefined> {
    const [row] = await this.database.executor.select().from(orgs).where(eq(orgs.id, id));
    return row;
  }

  async insert(name: string): Promise<Org> {
    const [row] = await this.database.executor.insert(orgs).values({ name }).returning();
    return row;
  }
}
