import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { answeredAs } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { MAX_TEXT_LENGTH } from '../identity.limits';
import { ORG_ROLES } from '../users/user-views';

/** Grafana answers an unknown role after the body's own checks. */
const INVALID_ROLE = answeredAs({ status: 400, message: 'Invalid role specified' });

/** Grafana's `CreateOrgCommand`. */
export class CreateOrgDto {
  @ApiProperty({ example: 'Second Org' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TEXT_LENGTH)
  name: string = '';
}

export class CreateOrgResponseDto {
  @ApiProperty({ example: 'Organization created' })
  message!: string;
  @ApiProperty({ example: 2 })
  orgId!: number;
}

/** Grafana's `AddOrgUserCommand`: both keys required. */
export class AddOrgUserDto {
  @ApiProperty({ example: 'jane' })
  @IsString()
  @IsNotEmpty()
  loginOrEmail: string = '';

  @ApiProperty({ enum: ORG_ROLES })
  @IsString()
  @IsNotEmpty()
  @IsIn(ORG_ROLES, INVALID_ROLE)
  role: string = '';
}

export class AddOrgUserResponseDto {
  @ApiProperty({ example: 'User added to organization' })
  message!: string;
  @ApiProperty({ example: 2 })
  userId!: number;
}

/** Grafana's `UpdateOrgUserCommand`: an absent role is an invalid one. */
export class UpdateOrgUserDto {
  @ApiProperty({ enum: ORG_ROLES })
  @IsString()
  @IsIn(ORG_ROLES, INVALID_ROLE)
  role: string = '';
}
