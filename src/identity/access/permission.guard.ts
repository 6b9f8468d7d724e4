import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { Settings } from '../../settings/settings';
import { principalOf } from '../auth/auth.guard';
import { requirePermission } from './access-checks';

interface RequiredPermission {
  readonly action: string;
  readonly scope?: (params: Readonly<Record<string, string | undefined>>) => string;
}

const REQUIRED_PERMISSION = 'grafana:required-permission';

/**
 * Grafana's RBAC middleware on a route: 403 naming the action unless the caller's grants cover
 * it (on the scope built from the raw path parameters, when given). A guard, so that it runs
 * before the validation pipe reads the body, as the middleware runs before the handler binds it.
 * Use after `@UseGuards(AuthGuard)` on the controller.
 */
export function RequiresPermission(
  action: string,
  scope?: RequiredPermission['scope'],
): MethodDecorator {
  return applyDecorators(
    SetMetadata(REQUIRED_PERMISSION, { action, scope } satisfies RequiredPermission),
    UseGuards(PermissionGuard),
  );
}

@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly settings: Settings,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.get<RequiredPermission | undefined>(
      REQUIRED_PERMISSION,
      context.getHandler(),
    );
    if (required === undefined) return true;
    const params = context.switchToHttp().getRequest<FastifyRequest>().params as Readonly<
      Record<string, string | undefined>
    >;
    // EDITORS_CAN_ADMIN gives Editors `teams:create` and `org.users:read` (fixed:teams:creator).
    requirePermission(
      principalOf(context),
      required.action,
      required.scope?.(params),
      this.settings.identity.editorsCanAdmin,
    );
    return true;
  }
}
