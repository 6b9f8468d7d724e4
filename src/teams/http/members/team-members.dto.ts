import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NotEquals } from 'class-validator';
import { IsGoInt, IsGoStrings } from '../../../infra/http/grafana/validation/go-json.decorators';

/** Grafana's `AddTeamMemberCommand`: a user id other than 0; a `permission` key is ignored. */
export class AddTeamMemberDto {
  @ApiProperty({ example: 2, description: 'keys match case-insensitively (userID)' })
  @IsGoInt()
  @NotEquals(0)
  userId: number = 0;
}

/** Grafana's `UpdateTeamMemberCommand`. */
export class UpdateTeamMemberDto {
  @ApiProperty({ enum: [0, 4], description: '4: Admin; any other value: Member' })
  @IsGoInt()
  permission: number = 0;
}

/** Grafana's `SetTeamMembershipsCommand`: the whole membership by email. */
export class SetTeamMembershipsDto {
  @ApiPropertyOptional({ type: [String], example: ['jane@example.com'] })
  @IsGoStrings()
  members: string[] = [];

  @ApiPropertyOptional({ type: [String], example: ['admin@localhost'] })
  @IsGoStrings()
  admins: string[] = [];
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
