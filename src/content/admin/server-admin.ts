import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { principalOf } from '../../identity';
import type { Principal } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';

/** Grafana's answer to anyone but a server admin on the content admin API: 403. */
export function requireServerAdmin(principal: Principal): void {
  if (!principal.isGrafanaAdmin) throw GrafanaError.message(403, 'Permission denied');
}

/**
 * `requireServerAdmin` as a guard (after AuthGuard): a caller who is not a server admin is
 * refused before the validation pipe reads their body.
 */
@Injectable()
export class ServerAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    requireServerAdmin(principalOf(context));
    return true;
  }
}
