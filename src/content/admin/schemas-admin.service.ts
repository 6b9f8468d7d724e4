import { Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { ContentModelSource } from '../model/content-model.source';
import { GraphqlTokensService } from '../schemas/tokens/graphql-tokens.service';
import { isSchemaUsable } from '../schemas/tokens/validity';
import { schemaView, SchemaView } from './schema-view';

/** A schema that is not in the content model (404). */
export class SchemaNotFoundError extends Error {
  constructor(reference: string) {
    super(`GraphQL schema "${reference}" not found`);
    this.name = 'SchemaNotFoundError';
  }
}

/**
 * The GraphQL schemas of the content model with their token counts. Schemas are declared in the
 * YAML (content-model.md), so this is read-only: tokens are what the admin API manages.
 */
@Injectable()
export class SchemasAdminService {
  constructor(
    private readonly models: ContentModelSource,
    private readonly tokens: GraphqlTokensService,
    private readonly clock: Clock,
  ) {}

  /** Every schema, in the model's order (public first if declared so). */
  async list(): Promise<SchemaView[]> {
    const counts = await this.tokens.tokenCounts();
    const now = this.clock.nowMs();
    return this.models.current.model.schemas.map((schema) =>
      schemaView(schema, counts.get(schema.uid) ?? 0, isSchemaUsable(schema, now)),
    );
  }

  /** One schema by handle or uid. */
  async get(reference: string): Promise<SchemaView> {
    const { schemas } = this.models.current;
    const schema = schemas.handle(reference) ?? schemas.uid(reference);
    if (schema === undefined) throw new SchemaNotFoundError(reference);
    const counts = await this.tokens.tokenCounts();
    return schemaView(
      schema,
      counts.get(schema.uid) ?? 0,
      isSchemaUsable(schema, this.clock.nowMs()),
    );
  }
}
