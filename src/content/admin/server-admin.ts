import type { Principal } from '../../identity/auth/principal';
import { GrafanaError } from '../../identity/http/grafana-error';

/** Grafana's answer to anyone but a server admin on the content admin API: 403. */
export function requireServerAdmin(principal: Principal): void {
  if (!principal.isGrafanaAdmin) throw GrafanaError.message(403, 'Permission denied');
}
