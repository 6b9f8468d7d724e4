import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthenticatorService } from './authenticator.service';
import { Principal } from './principal';

const principals = new WeakMap<object, Principal>();

/** Authenticates every request of the guarded controller; 401/400 bodies as Grafana's. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly authenticator: AuthenticatorService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const headers = request.headers;
    principals.set(
      request,
      await this.authenticator.authenticate(
        {
          authorization: headers.authorization,
          'x-grafana-org-id': headers['x-grafana-org-id'],
        },
        request.ip,
      ),
    );
    return true;
  }
}

/** The caller AuthGuard authenticated (for the guards and decorators that run after it). */
export function principalOf(context: ExecutionContext): Principal {
  const found = principals.get(context.switchToHttp().getRequest<FastifyRequest>());
  if (!found) throw new Error('a principal was asked for on a route without AuthGuard');
  return found;
}

/** The authenticated caller (routes behind AuthGuard only). */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => principalOf(context),
);
