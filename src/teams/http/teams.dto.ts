import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsSortOptions } from '../../infra/http/grafana/sort-options';
import {
  QueryBool,
  QueryIds,
  QueryString,
} from '../../infra/http/grafana/validation/go-query.decorators';
import { PagingQueryDto } from '../../infra/http/grafana/validation/paging.query';
import { MAX_TEXT_LENGTH } from '../../identity';
import { TEAM_SORT_OPTIONS } from '../store/teams.repository';

/*
 * Request DTOs are Grafana's Go command structs: every field starts at its Go zero value, keys
 * match case-insensitively (GrafanaValidationPipe), and a failed constraint without its own
 * answer is Grafana's `400 bad request data`.
 */

export class TeamDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 'ceaulqadfoav4e' }) uid!: string;
  @ApiProperty({ example: 1 }) orgId!: number;
  @ApiProperty({ example: 'MyTestTeam' }) name!: string;
  @ApiProperty({ example: '' }) email!: string;
  @ApiProperty({ example: '' }) externalUID!: string;
  @ApiProperty({ example: false }) isProvisioned!: boolean;
  @ApiProperty({ example: '/avatar/3f49c15916554246daa714b9bd0ee398' }) avatarUrl!: string;
  @ApiProperty({ example: 1 }) memberCount!: number;
  @ApiProperty({ example: 0, description: 'always 0' }) permission!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'boolean' },
    nullable: true,
    description: 'the caller’s actions on the team, with ?accesscontrol=true',
    example: null,
  })
  accessControl!: Record<string, boolean> | null;
}

export class SearchTeamsResultDto {
  @ApiProperty({ example: 1 }) totalCount!: number;
  @ApiProperty({ type: [TeamDto] }) teams!: TeamDto[];
  @ApiProperty({ example: 1 }) page!: number;
  @ApiProperty({ example: 1000 }) perPage!: number;
}

/** `GET /api/teams/search` (spec E1). `team` is an alias of `name` (Grafana ignores it). */
export class TeamSearchQueryDto extends PagingQueryDto {
  @ApiPropertyOptional({ description: 'substring of the name, any case' })
  @QueryString()
  query: string = '';

  @ApiPropertyOptional({ description: 'exact name' })
  @QueryString()
  name: string = '';

  @ApiPropertyOptional({ description: 'exact name (alias of name)' })
  @QueryString()
  team: string = '';

  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    description: 'repeatable; values that are not integers are ignored',
  })
  @QueryIds()
  teamId: number[] = [];

  @ApiPropertyOptional({ description: `comma-separated: ${TEAM_SORT_OPTIONS.join(', ')}` })
  @QueryString()
  @IsSortOptions(TEAM_SORT_OPTIONS)
  sort: string = '';

  @ApiPropertyOptional({ type: 'boolean' })
  @QueryBool()
  accesscontrol: boolean = false;
}

/** `?accesscontrol=true` adds the caller's actions on the team. */
export class TeamQueryDto {
  @ApiPropertyOptional({ type: 'boolean' })
  @QueryBool()
  accesscontrol: boolean = false;
}

/** Grafana's `CreateTeamCommand`: a name is required. */
export class CreateTeamDto {
  @ApiProperty({ example: 'MyTestTeam', maxLength: MAX_TEXT_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TEXT_LENGTH)
  name: string = '';

  @ApiPropertyOptional({ example: 'team@example.com' })
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  email: string = '';
}

export class CreateTeamResponseDto {
  @ApiProperty({ example: 'Team created' }) message!: string;
  @ApiProperty({ example: 2 }) teamId!: number;
  @ApiProperty({ example: 'ceaulqadfoav4e' }) uid!: string;
}

/** Grafana's `UpdateTeamCommand`. */
export class UpdateTeamDto {
  @ApiPropertyOptional({ description: 'empty or absent keeps the name' })
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  name: string = '';

  @ApiPropertyOptional({ description: 'always written: absent clears the email' })
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  email: string = '';
}
