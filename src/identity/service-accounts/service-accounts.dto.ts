import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class CreateServiceAccountDto {
  @ApiProperty({ example: 'terraform' })
  name!: string;
  @ApiPropertyOptional({ enum: ['Viewer', 'Editor', 'Admin', 'None'], default: 'Viewer' })
  role?: string;
  @ApiPropertyOptional({ default: false })
  isDisabled?: boolean;
}

export class ServiceAccountDto {
  @ApiProperty() id!: number;
  @ApiProperty() uid!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sa-1-terraform' }) login!: string;
  @ApiProperty() orgId!: number;
  @ApiProperty() isDisabled!: boolean;
  @ApiProperty({ example: 'Viewer' }) role!: string;
  @ApiProperty({ example: 0 }) tokens!: number;
  @ApiProperty() avatarUrl!: string;
}

export class CreateTokenDto {
  @ApiProperty({ example: 'ci' })
  name!: string;
  @ApiPropertyOptional({ description: 'lifetime in seconds; 0 or absent: no expiry' })
  secondsToLive?: number;
}

export class NewTokenDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'shown once', example: 'glsa_…' }) key!: string;
}
