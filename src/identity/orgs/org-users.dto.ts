import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsSortOptions } from '../../infra/http/grafana/sort-options';
import {
  QueryBool,
  QueryInt,
  QueryString,
} from '../../infra/http/grafana/validation/go-query.decorators';
import { PagingQueryDto } from '../../infra/http/grafana/validation/paging.query';
import { ORG_USER_SORTS, OrgUserSort } from '../store/org-users.repository';
import { ORG_ROLES } from '../users/user-views';

export const ORG_USER_SORT_OPTIONS = Object.keys(ORG_USER_SORTS) as OrgUserSort[];

/** `GET /api/org/users` and `/lookup`: `query` and `limit` (0 or invalid: no limit). */
export class OrgUsersQueryDto {
  @ApiPropertyOptional({ description: 'substring of the login, email or name, any case' })
  @QueryString()
  query: string = '';

  @ApiPropertyOptional({ type: 'integer', description: 'at most this many users; 0: all' })
  @QueryInt()
  limit: number = 0;

  @ApiPropertyOptional({ type: 'boolean', description: "the caller's actions on each user" })
  @QueryBool()
  accesscontrol: boolean = false;
}

/** `GET /api/org/users/search` and `/api/orgs/:orgId/users/search`. */
export class OrgUsersSearchQueryDto extends PagingQueryDto {
  @ApiPropertyOptional({ description: 'substring of the login, email or name, any case' })
  @QueryString()
  query: string = '';

  @ApiPropertyOptional({ description: `comma-separated: ${ORG_USER_SORT_OPTIONS.join(', ')}` })
  @QueryString()
  @IsSortOptions(ORG_USER_SORT_OPTIONS)
  sort: string = '';

  @ApiPropertyOptional({ type: 'boolean', description: "the caller's actions on each user" })
  @QueryBool()
  accesscontrol: boolean = false;
}

/** Grafana's `OrgUserDTO`. */
export class OrgUserDto {
  @ApiProperty({ example: 1 }) orgId!: number;
  @ApiProperty({ example: 2 }) userId!: number;
  @ApiProperty({ example: 'ceaulqadfoav4e' }) uid!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: '/avatar/46d229b033af06a191ff2267bca9ae56' }) avatarUrl!: string;
  @ApiProperty() login!: string;
  @ApiProperty({ enum: ORG_ROLES }) role!: string;
  @ApiProperty({ format: 'date-time' }) lastSeenAt!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ example: '10 years' }) lastSeenAtAge!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'boolean' },
    description: 'only with ?accesscontrol=true',
  })
  accessControl?: Record<string, boolean>;
  @ApiProperty() isDisabled!: boolean;
  @ApiProperty({ type: [String], nullable: true, description: 'null for local users' })
  authLabels!: string[] | null;
  @ApiProperty() isExternallySynced!: boolean;
  @ApiProperty() isProvisioned!: boolean;
}

export class SearchOrgUsersResultDto {
  @ApiProperty() totalCount!: number;
  @ApiProperty({ type: [OrgUserDto] }) orgUsers!: OrgUserDto[];
  @ApiProperty() page!: number;
  @ApiProperty() perPage!: number;
}

/** Grafana's `UserLookupDTO`. */
export class UserLookupDto {
  @ApiProperty({ example: 2 }) userId!: number;
  @ApiProperty() uid!: string;
  @ApiProperty() login!: string;
  @ApiProperty() avatarUrl!: string;
}

export class RemoveOrgUserResponseDto {
  @ApiProperty({
    example: 'User removed from organization',
    enum: ['User removed from organization', 'User deleted'],
  })
  message!: string;
}
