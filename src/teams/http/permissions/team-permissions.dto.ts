import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsString, ValidationOptions } from 'class-validator';
import { GoList, IsGoInt } from '../../../infra/http/grafana/validation/go-json.decorators';
import { answeredAs } from '../../../infra/http/grafana/validation/grafana-validation.pipe';

class AssignmentsDto {
  @ApiProperty({ example: true }) users!: boolean;
  @ApiProperty({ example: true }) serviceAccounts!: boolean;
  @ApiProperty({ example: false }) teams!: boolean;
  @ApiProperty({ example: false }) builtInRoles!: boolean;
}

export class PermissionsDescriptionDto {
  @ApiProperty({ type: AssignmentsDto }) assignments!: AssignmentsDto;
  @ApiProperty({ type: [String], example: ['Member', 'Admin'] }) permissions!: string[];
}

export class ResourcePermissionDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'managed:users:2:permissions' }) roleName!: string;
  @ApiProperty() isManaged!: boolean;
  @ApiProperty() isInherited!: boolean;
  @ApiProperty() isServiceAccount!: boolean;
  @ApiProperty() userId!: number;
  @ApiProperty() userUid!: string;
  @ApiProperty() userLogin!: string;
  @ApiProperty() userAvatarUrl!: string;
  @ApiProperty({ type: [String], example: ['teams:read'] }) actions!: string[];
  @ApiProperty({ enum: ['Member', 'Admin'] }) permission!: string;
}

/** Grafana's resource-permission answer for an assignment teams do not support. */
function invalidAssignment(assignment: string): ValidationOptions {
  return answeredAs({
    status: 400,
    messageId: 'resourcePermissions.invalidAssignment',
    message: `Assignment [${assignment}] is invalid for this resource type`,
  });
}

/** Grafana's `setPermissionCommand`. */
export class SetPermissionDto {
  @ApiProperty({ enum: ['Member', 'Admin', ''], description: '"" removes the member' })
  @IsString()
  permission: string = '';
}

class PermissionItemDto {
  @ApiPropertyOptional()
  @IsGoInt()
  userId: number = 0;

  @ApiPropertyOptional({ description: 'not supported for teams (400)' })
  @IsGoInt()
  @Equals(0, invalidAssignment('teams'))
  teamId: number = 0;

  @ApiPropertyOptional({ description: 'not supported for teams (400)' })
  @IsString()
  @Equals('', invalidAssignment('builtInRoles'))
  builtInRole: string = '';

  @ApiProperty({ enum: ['Member', 'Admin', ''] })
  @IsString()
  permission: string = '';
}

/** Grafana's `setPermissionsCommand`: user assignments only (teams and roles are refused). */
export class SetPermissionsDto {
  @ApiProperty({ type: [PermissionItemDto] })
  @GoList(() => PermissionItemDto)
  permissions: PermissionItemDto[] = [];
}
