import { All, Controller, Get, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAuthenticated } from '../../infra/http/grafana/api-docs';
import { KubeAuthGuard } from './kube-auth.guard';
import { IAM_GROUP, IAM_GROUP_VERSION, IAM_VERSION, KubeStatusError } from './kube-status';
import { KubeStatusFilter } from './kube-status.filter';

const VERSION = { groupVersion: IAM_GROUP_VERSION, version: IAM_VERSION };
const GROUP = { name: IAM_GROUP, versions: [VERSION], preferredVersion: VERSION };

/** What `resources` returns. */
export interface ApiResourceList {
  kind: string;
  apiVersion: string;
  groupVersion: string;
  resources: {
    name: string;
    singularName: string;
    namespaced: boolean;
    kind: string;
    verbs: string[];
  }[];
}

/** What `group` returns. */
export interface ApiGroup {
  name: string;
  versions: { groupVersion: string; version: string }[];
  preferredVersion: { groupVersion: string; version: string };
  kind: string;
  apiVersion: string;
}

/** What `groups` returns. */
export interface ApiGroupList {
  kind: string;
  apiVersion: string;
  groups: {
    name: string;
    versions: { groupVersion: string; version: string }[];
    preferredVersion: { groupVersion: string; version: string };
  }[];
}

/** Kubernetes API discovery for the one group served here, and 404 Status for other `/apis`. */
@ApiTags('iam.grafana.app teams')
@ApiAuthenticated()
@Controller('apis')
@UseGuards(KubeAuthGuard)
@UseFilters(KubeStatusFilter)
export class DiscoveryController {
  @Get()
  @ApiOperation({ summary: 'API groups (APIGroupList)' })
  @ApiResponse({ status: 200, description: 'APIGroupList' })
  groups(): ApiGroupList {
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: [GROUP] };
  }

  @Get(IAM_GROUP)
  @ApiOperation({ summary: 'The iam.grafana.app group (APIGroup)' })
  @ApiResponse({ status: 200, description: 'APIGroup' })
  group(): ApiGroup {
    return { kind: 'APIGroup', apiVersion: 'v1', ...GROUP };
  }

  @Get(IAM_GROUP_VERSION)
  @ApiOperation({ summary: 'Resources of iam.grafana.app/v0alpha1 (APIResourceList)' })
  @ApiResponse({ status: 200, description: 'APIResourceList' })
  resources(): ApiResourceList {
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: IAM_GROUP_VERSION,
      resources: [
        {
          name: 'teams',
          singularName: 'team',
          namespaced: true,
          kind: 'Team',
          verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'],
        },
      ],
    };
  }

  @All('*')
  @ApiExcludeEndpoint()
  notFound(): never {
    throw new KubeStatusError(404, 'NotFound', 'the server could not find the requested resource');
  }
}
