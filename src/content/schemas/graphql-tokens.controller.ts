import { Body, Controller, Get, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { AuthGuard, CurrentPrincipal } from '../../identity/auth/auth.guard';
import type { Principal } from '../../identity/auth/principal';
import { BAD_REQUEST_MESSAGE } from '../../identity/http/api-route-hooks';
import { GrafanaError } from '../../identity/http/grafana-error';
import { GrafanaExceptionFilter } from '../../identity/http/grafana-exception.filter';
import { OnFailure } from '../../identity/http/on-failure.decorator';
import { TokenNameTakenError } from './graphql-tokens.repository';
import { GraphqlTokenSchemaError, GraphqlTokensService } from './graphql-tokens.service';
import { decodeTokenRequest, TokenRequestError } from './token-request';
import { tokenView, TokenView } from './token-view';

/**
 * The admin API of GraphQL access tokens (issue 8 extends it): Grafana server admins only, with
 * the Grafana API's authentication and error bodies (`{"message"}`), as it lives under `/api`.
 */
@ApiExcludeController()
@Controller('api/content/tokens')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class GraphqlTokensController {
  constructor(private readonly tokens: GraphqlTokensService) {}

  /** 201 with the token: the only time `accessToken` is shown. */
  @Post()
  @HttpCode(201)
  @OnFailure('Failed to create the GraphQL token')
  @RouteConfig({ [BAD_REQUEST_MESSAGE]: 'the request body is not valid JSON' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
  ): Promise<TokenView & { accessToken: string }> {
    requireServerAdmin(principal);
    try {
      const { token, accessToken } = await this.tokens.create(decodeTokenRequest(body));
      return { ...tokenView(token), accessToken };
    } catch (error) {
      if (error instanceof TokenRequestError || error instanceof GraphqlTokenSchemaError)
        throw GrafanaError.message(400, error.message);
      if (error instanceof TokenNameTakenError) throw GrafanaError.message(409, error.message);
      throw error;
    }
  }

  @Get()
  @OnFailure('Failed to list the GraphQL tokens')
  async list(@CurrentPrincipal() principal: Principal): Promise<TokenView[]> {
    requireServerAdmin(principal);
    return (await this.tokens.list()).map(tokenView);
  }
}

/** Grafana's answer to a non-admin on a server admin route. */
function requireServerAdmin(principal: Principal): void {
  if (!principal.isGrafanaAdmin) throw GrafanaError.message(403, 'Permission denied');
}
