import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  UseFilters,
  UseGuards,
  UsePipes,
} from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { AuthGuard } from '../../../identity';
import { BAD_REQUEST_MESSAGE } from '../../../infra/http/grafana/api-route-hooks';
import { GrafanaError } from '../../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../../infra/http/grafana/on-failure.decorator';
import { ServerAdminGuard } from '../../admin/server-admin';
import { TokenNameTakenError } from './graphql-tokens.repository';
import {
  GraphqlTokenChanges,
  GraphqlTokenNotFoundError,
  GraphqlTokenSchemaError,
  GraphqlTokensService,
} from './graphql-tokens.service';
import { NewTokenRequestDto, TokenChangesDto } from './request.dto';
import { TokenValidationPipe } from './validation.pipe';
import { tokenView, TokenView } from './view';

const INVALID_JSON = { [BAD_REQUEST_MESSAGE]: 'the request body is not valid JSON' };

/**
 * The admin API of GraphQL access tokens: Grafana server admins only, with the Grafana API's
 * authentication and error bodies (`{"message"}`), as it lives under `/api`. A token is named in
 * paths by its id, uid or name. The access token itself is shown only by create and rotate.
 */
@ApiExcludeController()
@Controller('api/content/tokens')
@UseGuards(AuthGuard, ServerAdminGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new TokenValidationPipe())
export class GraphqlTokensController {
  constructor(private readonly tokens: GraphqlTokensService) {}

  /** 201 with the token: the only time `accessToken` is shown, with rotate's. */
  @Post()
  @HttpCode(201)
  @OnFailure('Failed to create the GraphQL token')
  @RouteConfig(INVALID_JSON)
  async create(@Body() body: NewTokenRequestDto): Promise<TokenView & { accessToken: string }> {
    try {
      const { token, accessToken } = await this.tokens.create(body);
      return { ...tokenView(token), accessToken };
    } catch (error) {
      return adminError(error);
    }
  }

  @Get()
  @OnFailure('Failed to list the GraphQL tokens')
  async list(): Promise<TokenView[]> {
    return (await this.tokens.list()).map(tokenView);
  }

  @Get(':id')
  @OnFailure('Failed to get the GraphQL token')
  async get(@Param('id') id: string): Promise<TokenView> {
    try {
      return tokenView(await this.tokens.get(id));
    } catch (error) {
      return adminError(error);
    }
  }

  /** `{enabled?, expiryDate?, name?}`: disable, enable, expire (or un-expire), rename. */
  @Patch(':id')
  @OnFailure('Failed to update the GraphQL token')
  @RouteConfig(INVALID_JSON)
  async update(@Param('id') id: string, @Body() body: TokenChangesDto): Promise<TokenView> {
    try {
      return tokenView(await this.tokens.update(id, tokenChanges(body)));
    } catch (error) {
      return adminError(error);
    }
  }

  /** A new access token, shown once; the previous one stops working at once. */
  @Post(':id/rotate')
  @HttpCode(200)
  @OnFailure('Failed to rotate the GraphQL token')
  async rotate(@Param('id') id: string): Promise<TokenView & { accessToken: string }> {
    try {
      const { token, accessToken } = await this.tokens.rotate(id);
      return { ...tokenView(token), accessToken };
    } catch (error) {
      return adminError(error);
    }
  }

  @Delete(':id')
  @OnFailure('Failed to delete the GraphQL token')
  async delete(@Param('id') id: string): Promise<{ message: string; id: number }> {
    try {
      const token = await this.tokens.delete(id);
      return { message: 'GraphQL token deleted', id: token.id };
    } catch (error) {
      return adminError(error);
    }
  }
}

/** The changes a PATCH asks for: only the properties its body has. */
function tokenChanges(body: TokenChangesDto): GraphqlTokenChanges {
  return {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.enabled !== undefined && { enabled: body.enabled }),
    ...(body.expiryDate !== undefined && { expiryDate: body.expiryDate }),
  };
}

/** Expected failures as Grafana-style answers; anything else is OnFailure's 500. */
function adminError(error: unknown): never {
  if (error instanceof GraphqlTokenSchemaError) throw GrafanaError.message(400, error.message);
  if (error instanceof TokenNameTakenError) throw GrafanaError.message(409, error.message);
  if (error instanceof GraphqlTokenNotFoundError) throw GrafanaError.message(404, error.message);
  throw error;
}
