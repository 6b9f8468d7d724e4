import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

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

export class CreateTeamDto {
  @ApiProperty({ example: 'MyTestTeam', maxLength: 190 }) name!: string;
  @ApiPropertyOptional({ example: 'team@example.com' }) email?: string;
}

export class CreateTeamResponseDto {
  @ApiProperty({ example: 'Team created' }) message!: string;
  @ApiProperty({ example: 2 }) teamId!: number;
  @ApiProperty({ example: 'ceaulqadfoav4e' }) uid!: string;
}

export class UpdateTeamDto {
  @ApiPropertyOptional({ description: 'empty or absent keeps the name' }) name?: string;
  @ApiPropertyOptional({ description: 'always written: absent clears the email' }) email?: string;
}

export class AddTeamMemberDto {
  @ApiProperty({ example: 2, description: 'keys match case-insensitively (userID)' })
  userId!: number;
}

export class UpdateTeamMemberDto {
  @ApiProperty({ enum: [0, 4], description: '4: Admin; any other value: Member' })
  permission!: number;
}

export class SetTeamMembershipsDto {
  @ApiPropertyOptional({ type: [String], example: ['jane@example.com'] }) members?: string[];
  @ApiPropertyOptional({ type: [String], example: ['admin@localhost'] }) admins?: string[];
}

export class TeamMemberDto {
  @ApiProperty() orgId!: number;
  @ApiProperty() teamId!: number;
  @ApiProperty() teamUID!: string;
  @ApiProperty() userId!: number;
  @ApiProperty() userUID!: string;
  @ApiProperty({ example: '' }) auth_module!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty() login!: string;
  @ApiProperty() avatarUrl!: string;
  @ApiProperty({ type: [String], example: [] }) labels!: string[];
  @ApiProperty({ enum: [0, 4] }) permission!: number;
}

class QueryHistoryDto {
  @ApiPropertyOptional({ example: 'query' }) homeTab?: string;
}

class NavbarDto {
  @ApiPropertyOptional({ type: [String] }) bookmarkUrls?: string[];
}

export class PreferencesDto {
  @ApiPropertyOptional() timezone?: string;
  @ApiPropertyOptional() weekStart?: string;
  @ApiPropertyOptional({ example: 'dark' }) theme?: string;
  @ApiPropertyOptional() language?: string;
  @ApiPropertyOptional({ type: QueryHistoryDto }) queryHistory?: QueryHistoryDto;
  @ApiPropertyOptional({ type: NavbarDto }) navbar?: NavbarDto;
}

export class UpdatePreferencesDto {
  @ApiPropertyOptional({ description: '"", light, dark, system or an extra Grafana theme id' })
  theme?: string;
  @ApiPropertyOptional({ description: 'deprecated; stored, never returned' })
  homeDashboardId?: number;
  @ApiPropertyOptional({ description: 'non-empty: 404 Dashboard not found (no dashboards here)' })
  homeDashboardUID?: string;
  @ApiPropertyOptional() timezone?: string;
  @ApiPropertyOptional() weekStart?: string;
  @ApiPropertyOptional() language?: string;
  @ApiPropertyOptional({ type: QueryHistoryDto }) queryHistory?: QueryHistoryDto;
  @ApiPropertyOptional({ type: [String], enum: ['analytics', 'performance', 'functional'] })
  cookies?: string[];
  @ApiPropertyOptional({ type: NavbarDto }) navbar?: NavbarDto;
}
