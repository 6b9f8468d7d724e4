import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

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

export class SetPermissionDto {
  @ApiProperty({ enum: ['Member', 'Admin', ''], description: '"" removes the member' })
  permission!: string;
}

class PermissionItemDto {
  @ApiPropertyOptional() userId?: number;
  @ApiPropertyOptional({ description: 'not supported for teams (400)' }) teamId?: number;
  @ApiPropertyOptional({ description: 'not supported for teams (400)' }) builtInRole?: string;
  @ApiProperty({ enum: ['Member', 'Admin', ''] }) permission!: string;
}

export class SetPermissionsDto {
  @ApiProperty({ type: [PermissionItemDto] }) permissions!: PermissionItemDto[];
}
