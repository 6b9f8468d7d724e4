import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { QueryString } from '../../../infra/http/grafana/validation/go-query.decorators';
import { PagingQueryDto } from '../../../infra/http/grafana/validation/paging.query';
import { MAX_TEXT_LENGTH } from '../../../identity';

/** Grafana Enterprise's `AddTeamGroupCommand`. */
export class AddTeamGroupDto {
  @ApiProperty({ example: 'cn=editors,ou=groups,dc=grafana,dc=org' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TEXT_LENGTH)
  groupId: string = '';
}

/** `DELETE /api/teams/:teamId/groups?groupId=`. */
export class RemoveTeamGroupQueryDto {
  @ApiProperty({ description: 'the group id, URL-encoded' })
  @QueryString()
  groupId: string = '';
}

/** `GET /api/teams/:teamId/groups/search`. */
export class TeamGroupsSearchQueryDto extends PagingQueryDto {
  @ApiPropertyOptional({ description: 'substring of the group id, any case' })
  @QueryString()
  query: string = '';
}

export class TeamGroupDto {
  @ApiProperty({ example: 1 }) orgId!: number;
  @ApiProperty({ example: 1 }) teamId!: number;
  @ApiProperty({ example: 'cn=editors,ou=groups,dc=grafana,dc=org' }) groupId!: string;
}

export class TeamGroupsSearchResultDto {
  @ApiProperty() totalCount!: number;
  @ApiProperty({ type: [TeamGroupDto] }) teamGroups!: TeamGroupDto[];
  @ApiProperty() page!: number;
  @ApiProperty() perPage!: number;
}
