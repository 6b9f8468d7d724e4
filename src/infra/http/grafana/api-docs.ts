import { applyDecorators } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiHeader,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
} from '@nestjs/swagger';

/** `{"message"}`: Grafana's success envelope. */
export class MessageDto {
  @ApiProperty({ example: 'Team updated' })
  message!: string;
}

/** A handler error; `traceID` (always "" here) is present when Grafana had an underlying cause. */
export class ErrorDto {
  @ApiProperty({ example: 'Team not found' })
  message!: string;
  @ApiPropertyOptional({ example: '' })
  traceID?: string;
}

/** A structured error (Grafana's errutil). */
export class StructuredErrorDto {
  @ApiProperty({ example: 'Invalid username or password' })
  message!: string;
  @ApiProperty({ example: 'basic-auth.invalid-credentials' })
  messageId!: string;
  @ApiProperty({ example: 401 })
  statusCode!: number;
  @ApiProperty({ example: '' })
  traceID!: string;
}

/** The RBAC denial. */
export class AccessDeniedDto {
  @ApiProperty({ example: 'ACE0123456789' })
  accessErrorId!: string;
  @ApiProperty({
    example:
      "You'll need additional permissions to perform this action. Permissions needed: teams:read",
  })
  message!: string;
  @ApiProperty({ example: 'Access denied' })
  title!: string;
}

/** Authentication and the responses every authenticated `/api` route can give. */
export function ApiAuthenticated(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    ApiBasicAuth('basic'),
    ApiBearerAuth('serviceAccountToken'),
    ApiHeader({
      name: 'X-Grafana-Org-Id',
      required: false,
      description: 'Org of the request; default: the user’s current org, or the token’s org',
    }),
    ApiResponse({
      status: 401,
      description: 'No or invalid credentials',
      type: StructuredErrorDto,
    }),
  );
}

/** Documents Grafana's error answers of one route: `[status, description]` pairs. */
export function ApiErrors(
  ...errors: readonly (readonly [number, string])[]
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...errors.map(([status, description]) =>
      ApiResponse({
        status,
        description,
        type: status === 403 ? AccessDeniedDto : ErrorDto,
      }),
    ),
  );
}
