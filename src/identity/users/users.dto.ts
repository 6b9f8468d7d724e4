import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class AdminCreateUserDto {
  @ApiPropertyOptional({ example: 'Jane Doe' })
  name?: string;
  @ApiPropertyOptional({ example: 'jane@example.com' })
  email?: string;
  @ApiPropertyOptional({ description: 'defaults to the email', example: 'jane' })
  login?: string;
  @ApiProperty({ minLength: 4 })
  password!: string;
  @ApiPropertyOptional({ description: 'org the user joins as Viewer (default 1)', example: 1 })
  orgId?: number;
}

export class AdminCreateUserResponseDto {
  @ApiProperty({ example: 2 })
  id!: number;
  @ApiProperty({ example: 'ceaulqadfoav4e' })
  uid!: string;
  @ApiProperty({ example: 'User created' })
  message!: string;
}

export class UserProfileDto {
  @ApiProperty() id!: number;
  @ApiProperty() uid!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty() login!: string;
  @ApiProperty() theme!: string;
  @ApiProperty() orgId!: number;
  @ApiProperty() isGrafanaAdmin!: boolean;
  @ApiProperty() isDisabled!: boolean;
  @ApiProperty() isExternal!: boolean;
  @ApiProperty() isExternallySynced!: boolean;
  @ApiProperty() isGrafanaAdminExternallySynced!: boolean;
  @ApiProperty({ type: [String] }) authLabels!: string[];
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ example: '/avatar/46d229b033af06a191ff2267bca9ae56' }) avatarUrl!: string;
  @ApiProperty() isProvisioned!: boolean;
}

export class UserSearchHitDto {
  @ApiProperty() id!: number;
  @ApiProperty() uid!: string;
  @ApiProperty() name!: string;
  @ApiProperty() login!: string;
  @ApiProperty() email!: string;
  @ApiProperty() avatarUrl!: string;
  @ApiProperty({ description: 'Grafana Admin' }) isAdmin!: boolean;
  @ApiProperty() isDisabled!: boolean;
  @ApiProperty({ format: 'date-time' }) lastSeenAt!: string;
  @ApiProperty({ example: '10 years' }) lastSeenAtAge!: string;
  @ApiProperty({ type: [String] }) authLabels!: string[];
  @ApiProperty() isProvisioned!: boolean;
}

export class UserSearchResultDto {
  @ApiProperty() totalCount!: number;
  @ApiProperty({ type: [UserSearchHitDto] }) users!: UserSearchHitDto[];
  @ApiProperty() page!: number;
  @ApiProperty() perPage!: number;
}
