import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Database } from '../../../infra/database/database';
import { Clock } from '../../../infra/clock/clock';
import type { GqlSchemaDefinition } from '../../model/content-model';
import { ContentModelSource } from '../../model/content-model.source';
import { generateAccessToken, hashAccessToken, isWellFormedAccessToken } from '../access-token';
import {
  GraphqlTokenRow,
  GraphqlTokensRepository,
  TokenRowChanges,
} from './graphql-tokens.repository';
import { schemaOfToken } from './validity';

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

/** What the admin API may change on a token; absent properties stay as they are. */
export interface GraphqlTokenChanges {
  readonly name?: string;
  readonly enabled?: boolean;
  /** null: never expires. */
  readonly expiryDate?: Date | null;
}

/** No token has this id, uid or name (404). */
export class GraphqlTokenNotFoundError extends Error {
  constructor(reference: string) {
    super(`GraphQL token "${reference}" not found`);
    this.name = 'GraphqlTokenNotFoundError';
  }
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
    if (schema === undefined) {
      throw new GraphqlTokenSchemaError(`unknown GraphQL schema "${input.schema}"`);
    }
    if (schema.isPublic) {
      throw new GraphqlTokenSchemaError(
        `"${schema.handle}" is the public schema: it is used without a token`,
      );
    }
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
    return (await this.repository.list()).map((row) => this.info(row));
  }

  /**
   * A token by reference: its id (digits), uid or name. Throws GraphqlTokenNotFoundError.
   */
  async get(reference: string): Promise<GraphqlTokenInfo> {
    return this.info(await this.find(reference));
  }

  /**
   * A new access token for an existing token (same id, name, schema, state): the old one stops
   * working at once. Shown once, like a new token's.
   */
  async rotate(reference: string): Promise<{ token: GraphqlTokenInfo; accessToken: string }> {
    const { token, hash } = generateAccessToken();
    const row = await this.database.transaction(async () => {
      const found = await this.find(reference);
      return this.updated(found, { tokenHash: hash });
    });
    return { token: this.info(row), accessToken: token };
  }

  /** Renames, enables or disables a token, or sets or clears its expiry date. */
  async update(reference: string, changes: GraphqlTokenChanges): Promise<GraphqlTokenInfo> {
    const values: TokenRowChanges = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.enabled !== undefined && { enabled: changes.enabled }),
      ...(changes.expiryDate !== undefined && { expiryDate: changes.expiryDate }),
    };
    const row = await this.database.transaction(async () => {
      const found = await this.find(reference);
      return Object.keys(values).length === 0 ? found : this.updated(found, values);
    });
    return this.info(row);
  }

  /** Deletes a token; it stops working at once. Answers the token as it was. */
  async delete(reference: string): Promise<GraphqlTokenInfo> {
    const row = await this.database.transaction(async () => {
      const found = await this.find(reference);
      const deleted = await this.repository.delete(found.id);
      if (deleted === undefined) throw new GraphqlTokenNotFoundError(reference);
      return deleted;
    });
    this.lastRecorded.delete(row.id);
    return this.info(row);
  }

  /** How many tokens each schema uid has (schemas of the model or gone from it). */
  tokenCounts(): Promise<Map<string, number>> {
    return this.repository.countBySchema();
  }

  private async find(reference: string): Promise<GraphqlTokenRow> {
    const text = reference.trim();
    const row = /^\d{1,15}$/.test(text)
      ? await this.repository.findById(Number(text))
      : ((await this.repository.findByUid(text)) ?? (await this.repository.findByName(text)));
    if (row === undefined) throw new GraphqlTokenNotFoundError(reference);
    return row;
  }

  private async updated(row: GraphqlTokenRow, values: TokenRowChanges): Promise<GraphqlTokenRow> {
    const changed = await this.repository.update(row.id, values);
    if (changed === undefined) throw new GraphqlTokenNotFoundError(String(row.id));
    return changed;
  }

  private info(row: GraphqlTokenRow): GraphqlTokenInfo {
    return { ...row, schemaHandle: this.models.current.schemas.uid(row.schemaUid)?.handle ?? null };
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
