import { Injectable } from '@nestjs/common';
import { AuthenticatorService } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { Clock } from '../../infra/clock/clock';
import { CraftHttpError } from '../endpoint/craft-http-error';
import type { GqlSchemaDefinition } from '../model/content-model';
import { ContentModelSource } from '../model/content-model.source';
import { PUBLIC_ACCESS_TOKEN } from '../../infra/http/craft-request/public-access-token';
import { findBearerToken } from '../../infra/http/craft-request/bearer-token';
import { FULL_SCHEMA_UID, fullSchema } from './full-schema';
import { GraphqlTokensService } from './tokens/graphql-tokens.service';
import type { SchemaRequestHeaders } from '../../infra/http/craft-request/schema-request-headers';
import { isSchemaUsable } from './tokens/validity';

const invalidAuthorization = () => new CraftHttpError(400, 'Invalid Authorization header');

/**
 * Chooses the GraphQL schema of a request as Craft 4's controller does
 * (docs/content-endpoint.md#choosing-the-schema): 1. `X-Craft-Gql-Schema` (admins only: Basic auth
 * of a Grafana server admin): a schema uid or    handle, or `*` for the full schema; unknown → 400
 * `Invalid X-Craft-Gql-Schema header`. 2. The first `Bearer <token>` of `X-Craft-Authorization`
 * (when present) or else `Authorization`;    `__PUBLIC__` names the public schema; unknown or
 * invalid → 400 `Invalid Authorization header`. 3. No token: the public schema when it exists, is
 * enabled and unexpired; else 400    `Missing Authorization header`.
 */
@Injectable()
export class SchemaSelector {
  constructor(
    private readonly models: ContentModelSource,
    private readonly tokens: GraphqlTokensService,
    private readonly authenticator: AuthenticatorService,
    private readonly clock: Clock,
  ) {}

  async select(headers: SchemaRequestHeaders): Promise<GqlSchemaDefinition> {
    if (headers.gqlSchema !== undefined) return this.chosenByAdmin(headers);
    const token = findBearerToken(headers.craftAuthorization ?? headers.authorization);
    if (token === PUBLIC_ACCESS_TOKEN) {
      return this.publicSchema() ?? throwError(invalidAuthorization());
    }
    if (token !== undefined) {
      return (await this.tokens.schemaFor(token)) ?? throwError(invalidAuthorization());
    }
    return (
      this.publicSchema() ?? throwError(new CraftHttpError(400, 'Missing Authorization header'))
    );
  }

  private publicSchema(): GqlSchemaDefinition | undefined {
    const schema = this.models.current.publicSchema;
    return schema !== undefined && isSchemaUsable(schema, this.clock.nowMs()) ? schema : undefined;
  }

  /**
   * Craft lets a signed-in admin pick any schema (the control panel's GraphiQL does). Here the
   * admin is a Grafana server admin with Basic auth; the chosen schema is used even when it is
   * disabled or expired, as Craft has no such states for schemas.
   */
  private async chosenByAdmin(headers: SchemaRequestHeaders): Promise<GqlSchemaDefinition> {
    const authorization = headers.authorization.find((value) => /^\s*basic\s/i.test(value));
    const isAdmin =
      authorization !== undefined &&
      (await this.authenticator.authenticate({ authorization }).then(
        (principal) => principal.isGrafanaAdmin,
        (error: unknown) => {
          // Bad credentials are a refusal; a failing database is not.
          if (error instanceof GrafanaError) return false;
          throw error;
        },
      ));
    if (!isAdmin) throw new CraftHttpError(403, 'User is not permitted to perform this action.');
    const model = this.models.current;
    const wanted = headers.gqlSchema?.trim() ?? '';
    if (wanted === FULL_SCHEMA_UID) return fullSchema(model);
    return (
      model.schemas.uid(wanted) ??
      model.schemas.handle(wanted) ??
      throwError(new CraftHttpError(400, 'Invalid X-Craft-Gql-Schema header'))
    );
  }
}

function throwError(error: Error): never {
  throw error;
}
