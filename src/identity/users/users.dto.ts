import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength, ValidateBy, ValidationOptions } from 'class-validator';
import { IsSortOptions } from '../../infra/http/grafana/sort-options';
import { IsGoInt } from '../../infra/http/grafana/validation/go-json.decorators';
import { QueryString } from '../../infra/http/grafana/validation/go-query.decorators';
import {
  answeredAs,
  BAD_REQUEST_DATA,
} from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { PagingQueryDto } from '../../infra/http/grafana/validation/paging.query';
import { MAX_TEXT_LENGTH } from '../identity.limits';
import { USER_SORTS, UserSort } from '../store/users.repository';

const USER_SORT_OPTIONS = Object.keys(USER_SORTS) as UserSort[];

/** Logins and emails are stored trimmed: their limit applies to the trimmed text. */
function MaxTrimmedLength(max: number, options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxTrimmedLength',
      validator: { validate: (value) => typeof value !== 'string' || value.trim().length <= max },
    },
    options,
  );
}

/**
 * Grafana's `AdminCreateUserForm`, checked in its handler's order: types, a login or an email,
 * the password's length, then the length limits of this store. The login falls back to the email.
 */
export class AdminCreateUserDto {
  @ApiPropertyOptional({ example: 'Jane Doe' })
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH, answeredAs(BAD_REQUEST_DATA, 3))
  name: string = '';

  @ApiPropertyOptional({ example: 'jane@example.com' })
  @IsString()
  @MaxTrimmedLength(MAX_TEXT_LENGTH, answeredAs(BAD_REQUEST_DATA, 3))
  email: string = '';

  @ApiPropertyOptional({ description: 'defaults to the email', example: 'jane' })
  @IsString()
  @MaxTrimmedLength(MAX_TEXT_LENGTH, answeredAs(BAD_REQUEST_DATA, 3))
  @ValidateBy(
    { name: 'loginOrEmail', validator: { validate: (_, args) => loginOf(args?.object) !== '' } },
    answeredAs(
      { status: 400, message: 'Validation error, need specify either username or email' },
      1,
    ),
  )
  login: string = '';

  @ApiProperty({ minLength: 4 })
  @IsString()
  @MinLength(4, answeredAs({ status: 400, message: 'Password is missing or too short' }, 2))
  password: string = '';

  @ApiPropertyOptional({ description: 'org the user joins as Viewer (default 1)', example: 1 })
  @IsGoInt()
  orgId: number = 0;
}

/** The login a create form names: its login, else its email (trimmed). */
export function loginOf(form: unknown): string {
  const { login, email } = form as Partial<AdminCreateUserDto>;
  const trimmed = typeof login === 'string' ? login.trim() : '';
  return trimmed !== '' ? trimmed : typeof email === 'string' ? email.trim() : '';
}

/** `GET /api/users/search`. */
export class UserSearchQueryDto extends PagingQueryDto {
  @ApiPropertyOptional()
  @QueryString()
  query: string = '';

  @ApiPropertyOptional({ description: `comma-separated: ${USER_SORT_OPTIONS.join(', ')}` })
  @QueryString()
  @IsSortOptions(USER_SORT_OPTIONS)
  sort: string = '';
}

/** `GET /api/users/lookup`. */
export class UserLookupQueryDto {
  @ApiProperty()
  @QueryString()
  loginOrEmail: string = '';
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
