import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsGoInt } from '../../infra/http/grafana/validation/go-json.decorators';
import { answeredAs } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { MAX_TEXT_LENGTH } from '../identity.limits';
import { ORG_ROLES } from '../users/user-views';

/** A hundred years: beyond it an expiry date is meaningless (and overflows). */
export const MAX_SECONDS_TO_LIVE = 100 * 365 * 24 * 3600;

const INVALID_SECONDS_TO_LIVE = answeredAs({ status: 400, message: 'invalid SecondsToLive value' });

/** Grafana's `CreateServiceAccountForm`: a name, then a known role. */
export class CreateServiceAccountDto {
  @ApiProperty({ example: 'terraform' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TEXT_LENGTH)
  name: string = '';

  @ApiPropertyOptional({ enum: ORG_ROLES, default: 'Viewer' })
  @IsString()
  @IsIn(ORG_ROLES, answeredAs({ status: 400, message: 'invalid role specified', traceID: true }))
  role: string = 'Viewer';

  @ApiPropertyOptional({ default: false })
  @IsBoolean()
  isDisabled: boolean = false;
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

/** Grafana's `AddServiceAccountTokenCommand`. */
export class CreateTokenDto {
  @ApiProperty({ example: 'ci' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TEXT_LENGTH)
  name: string = '';

  @ApiPropertyOptional({
    type: 'number',
    description: 'lifetime in seconds; 0 or absent: no expiry',
  })
  @IsGoInt()
  @Min(0, INVALID_SECONDS_TO_LIVE)
  @Max(MAX_SECONDS_TO_LIVE, INVALID_SECONDS_TO_LIVE)
  secondsToLive: number = 0;
}

export class NewTokenDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'shown once', example: 'glsa_…' }) key!: string;
}
