import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Database } from '../../infra/database/database';
import { Clock } from '../../infra/clock/clock';
import type { GqlSchemaDefinition } from '../model/content-model';
import { ContentModelSource } from '../model/content-model.source';
import { generateAccessToken, hashAccessToken, isWellFormedAccessToken } from './access-token';
import { GraphqlTokenRow, GraphqlTokensRepository } from './graphql-tokens.repository';
import { schemaOfToken } from './token-validity';

/** `lastUsed` is written at most this often per token: a busy token costs no write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface NewGraphqlToken {
  readonly name: string;
  /** Handle or uid of a private schema of the content model. */
  readonly schema: string;
  readonly expiryDate: Date | null;
  readonly enabled: boolean;
}

/** A stored token with the handle of its schema (null when the schema left the model). */
export interface GraphqlTokenInfo extends GraphqlTokenRow {
  readonly schemaHandle: string | null;
}

/** A token request that names no usable schema. */
export class GraphqlTokenSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphqlTokenSchemaError';
  }
}

/** Creates and lists access tokens, and finds the schema a presented token grants. */
@Injectable()
export class GraphqlTokensService {
  private readonly logger = new Logger('GraphqlTokens');
  /** When this instance last wrote each token's lastUsed (ms). */
  private readonly lastRecorded = new Map<number, number>();

  constructor(
    private readonly repository: GraphqlTokensRepository,
    private readonly database: Database,
    private readonly models: ContentModelSource,
    private readonly clock: Clock,
  ) {}

  /** Stores a new token; the access token is in the answer and nowhere else. */
  async create(input: NewGraphqlToken): Promise<{ token: GraphqlTokenInfo; accessToken: string }> {
    const model = this.models.current;
    const schema = model.schemas.uid(input.schema) ?? model.schemas.handle(input.schema);
    if (schema === undefined)
      throw new GraphqlTokenSchemaError(`unknown GraphQL schema "${input.schema}"`);
    if (schema.isPublic)
      throw new GraphqlTokenSchemaError(
        `"${schema.handle}" is the public schema: it is used without a token`,
      );
    const { token, hash } = generateAccessToken();
    const row = await this.database.transaction(() =>
      this.repository.insert({
        uid: randomUUID(),
        name: input.name,
        schemaUid: schema.uid,
        tokenHash: hash,
        enabled: input.enabled,
        expiryDate: input.expiryDate,
        dateCreated: new Date(this.clock.nowMs()),
      }),
    );
    return { token: { ...row, schemaHandle: schema.handle }, accessToken: token };
  }

  async list(): Promise<GraphqlTokenInfo[]> {
    const model = this.models.current;
    return (await this.repository.list()).map((row) => ({
      ...row,
      schemaHandle: model.schemas.uid(row.schemaUid)?.handle ?? null,
    }));
  }

  /**
   * The schema granted by a presented access token, or undefined when the token is unknown or
   * invalid (disabled, expired, schema gone, disabled or expired). A valid use is recorded in
   * `lastUsed` in the background: the request neither waits for nor fails with that write.
   */
  async schemaFor(accessToken: string): Promise<GqlSchemaDefinition | undefined> {
    if (!isWellFormedAccessToken(accessToken)) return undefined;
    const row = await this.repository.findByHash(hashAccessToken(accessToken));
    if (row === undefined) return undefined;
    const now = this.clock.nowMs();
    const schema = schemaOfToken(row, this.models.current.schemas.uid(row.schemaUid), now);
    if (schema !== undefined) this.recordUse(row, now);
    return schema;
  }

  private recordUse(row: GraphqlTokenRow, now: number): void {
    const previous = Math.max(this.lastRecorded.get(row.id) ?? 0, row.lastUsed?.getTime() ?? 0);
    if (now - previous < LAST_USED_RESOLUTION_MS) return;
    this.lastRecorded.set(row.id, now);
    this.repository.recordUse(row.id, new Date(now)).catch((error: unknown) => {
      this.logger.warn(
        `could not record the use of GraphQL token ${row.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }
}
