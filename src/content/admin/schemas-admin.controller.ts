import { Controller, Get, Param, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AuthGuard } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { SchemaNotFoundError, SchemasAdminService } from './schemas-admin.service';
import type { SchemaView } from './schema-view';
import { ServerAdminGuard } from './server-admin';

/** `GET /api/content/schemas[/:handle]`: the model's GraphQL schemas, for server admins. */
@ApiExcludeController()
@Controller('api/content/schemas')
@UseGuards(AuthGuard, ServerAdminGuard)
@UseFilters(GrafanaExceptionFilter)
export class SchemasAdminController {
  constructor(private readonly schemas: SchemasAdminService) {}

  @Get()
  @OnFailure('Failed to list the GraphQL schemas')
  list(): Promise<SchemaView[]> {
    return this.schemas.list();
  }

  @Get(':schema')
  @OnFailure('Failed to get the GraphQL schema')
  async get(@Param('schema') reference: string): Promise<SchemaView> {
    try {
      return await this.schemas.get(reference);
    } catch (error) {
      if (error instanceof SchemaNotFoundError) throw GrafanaError.message(404, error.message);
      throw error;
    }
  }
}
