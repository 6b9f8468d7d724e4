import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAuthenticated } from '../../infra/http/grafana/api-docs';
import { CurrentKubeCaller, KubeAuthGuard, KubeCaller } from './kube-auth.guard';
import { deletedStatus, KubeStatusError } from './kube-status';
import { KubeStatusFilter } from './kube-status.filter';
import { readListPaging } from './list-paging';
import { objectUid } from './team-object';
import { TeamResourcesService } from './team-resources.service';
import type { TeamList, TeamObject } from './team-object';
import type { DeletedStatus } from './kube-status';

const MERGE_PATCH = 'application/merge-patch+json';
const NAMESPACE_PARAM = {
  name: 'namespace',
  description: '`default` (org 1), `org-<id>`, or `stacks-<id>` (org 1)',
  schema: { type: 'string' },
} as const;
const NAME_PARAM = {
  name: 'name',
  description: 'the team uid',
  schema: { type: 'string' },
} as const;
const TEAM_SCHEMA = {
  type: 'object',
  description:
    'Team (iam.grafana.app/v0alpha1): apiVersion, kind, metadata, spec; see docs/teams-api.md',
} as const;
const STATUS = { description: 'Kubernetes Status (kind: Status, reason, code)' } as const;

/** Grafana's Kubernetes-style teams resource (`kubernetesTeamsApi`), over the `/api` tables. */
@ApiTags('iam.grafana.app teams')
@ApiAuthenticated()
@Controller('apis/iam.grafana.app/v0alpha1/namespaces/:namespace/teams')
@UseGuards(KubeAuthGuard)
@UseFilters(KubeStatusFilter)
export class TeamResourcesController {
  constructor(private readonly teams: TeamResourcesService) {}

  @Get()
  @ApiOperation({ summary: 'List teams (TeamList), paged with limit and continue' })
  @ApiParam(NAMESPACE_PARAM)
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer' } })
  @ApiQuery({ name: 'continue', required: false, schema: { type: 'string' } })
  @ApiResponse({ status: 200, description: 'TeamList', schema: { type: 'object' } })
  @ApiResponse({ status: 400, ...STATUS })
  @ApiResponse({ status: 403, ...STATUS })
  list(
    @CurrentKubeCaller() caller: KubeCaller,
    @Query('limit') limit: unknown,
    @Query('continue') token: unknown,
    @Query() query: Record<string, unknown>,
  ): Promise<TeamList> {
    refuseUnsupported(query);
    return this.teams.list(caller, readListPaging(limit, token));
  }

  @Get(':name')
  @ApiOperation({ summary: 'A team by name (its uid)' })
  @ApiParam(NAMESPACE_PARAM)
  @ApiParam(NAME_PARAM)
  @ApiResponse({ status: 200, description: 'Team', schema: TEAM_SCHEMA })
  @ApiResponse({ status: 404, ...STATUS })
  get(@CurrentKubeCaller() caller: KubeCaller, @Param('name') name: string): Promise<TeamObject> {
    return this.teams.get(caller, name);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a team with its members and groups (201)' })
  @ApiParam(NAMESPACE_PARAM)
  @ApiBody({ schema: TEAM_SCHEMA })
  @ApiResponse({ status: 201, description: 'Team', schema: TEAM_SCHEMA })
  @ApiResponse({ status: 409, description: 'AlreadyExists (name) or Conflict (title taken)' })
  @ApiResponse({ status: 422, description: 'Invalid (Status with details.causes)' })
  create(@CurrentKubeCaller() caller: KubeCaller, @Body() body: unknown): Promise<TeamObject> {
    return this.teams.create(caller, body);
  }

  @Put(':name')
  @ApiOperation({
    summary: 'Replace a team; metadata.resourceVersion, when given, must be current (else 409)',
  })
  @ApiParam(NAMESPACE_PARAM)
  @ApiParam(NAME_PARAM)
  @ApiBody({ schema: TEAM_SCHEMA })
  @ApiResponse({ status: 200, description: 'Team', schema: TEAM_SCHEMA })
  @ApiResponse({ status: 409, description: 'Conflict: the object has been modified' })
  replace(
    @CurrentKubeCaller() caller: KubeCaller,
    @Param('name') name: string,
    @Body() body: unknown,
  ): Promise<TeamObject> {
    return this.teams.replace(caller, name, body);
  }

  @Patch(':name')
  @ApiOperation({ summary: 'JSON merge patch (Content-Type: application/merge-patch+json)' })
  @ApiParam(NAMESPACE_PARAM)
  @ApiParam(NAME_PARAM)
  @ApiBody({ schema: { type: 'object' } })
  @ApiResponse({ status: 200, description: 'Team', schema: TEAM_SCHEMA })
  @ApiResponse({ status: 415, description: 'UnsupportedMediaType: other patch types' })
  patch(
    @CurrentKubeCaller() caller: KubeCaller,
    @Param('name') name: string,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<TeamObject> {
    if ((contentType ?? '').split(';')[0].trim().toLowerCase() !== MERGE_PATCH) {
      throw new KubeStatusError(
        415,
        'UnsupportedMediaType',
        `the body of the request was in an unknown format - accepted media types include: ${MERGE_PATCH}`,
      );
    }
    return this.teams.patch(caller, name, body);
  }

  @Delete(':name')
  @ApiOperation({ summary: 'Delete a team (optional DeleteOptions preconditions.resourceVersion)' })
  @ApiParam(NAMESPACE_PARAM)
  @ApiParam(NAME_PARAM)
  @ApiResponse({ status: 200, description: 'Status Success' })
  @ApiResponse({ status: 404, ...STATUS })
  async delete(
    @CurrentKubeCaller() caller: KubeCaller,
    @Param('name') name: string,
    @Body() body: unknown,
  ): Promise<DeletedStatus> {
    const team = await this.teams.delete(caller, name, preconditionVersion(body));
    return deletedStatus(name, objectUid(team));
  }
}

/**
 * Watches and selectors are not served: refused rather than ignored, so a client deleting by
 * selector never acts on every team.
 */
function refuseUnsupported(query: Record<string, unknown>): void {
  const watch = query.watch;
  if (watch !== undefined && watch !== '' && watch !== 'false' && watch !== '0') {
    throw new KubeStatusError(405, 'MethodNotAllowed', 'watch is not supported on teams');
  }
  for (const selector of ['labelSelector', 'fieldSelector']) {
    if (query[selector] !== undefined && query[selector] !== '') {
      throw KubeStatusError.badRequest(`${selector} is not supported on teams`);
    }
  }
}

/** `DeleteOptions.preconditions.resourceVersion`, when a body gives one. */
function preconditionVersion(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  const version = (body as { preconditions?: { resourceVersion?: unknown } }).preconditions
    ?.resourceVersion;
  if (version === undefined || version === null) return undefined;
  if (typeof version !== 'string') {
    throw KubeStatusError.badRequest('preconditions.resourceVersion must be a string');
  }
  return version;
}
