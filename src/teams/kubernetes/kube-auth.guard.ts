import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../identity';
import { AuthenticatorService, IdentityError, OrgUsersService } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { KubeStatusError } from './kube-status';
import { namespaceOrg } from './namespaces';

/** The caller of an `/apis` request, in the org its namespace names. */
export interface KubeCaller {
  readonly principal: Principal;
  /** The namespace as the request wrote it (echoed in the objects answered). */
  readonly namespace: string;
}

const callers = new WeakMap<object, KubeCaller>();
const ORG_MISMATCH = new Set(['auth.organization-mismatch', 'api-key.organization-mismatch']);

/**
 * Authenticates an `/apis` request as `/api` requests are (Basic or a service account token) in
 * the org of the path's namespace, not `X-Grafana-Org-Id`: a malformed namespace is 400, an org
 * that does not exist 404, one the caller is not in 403. Failures are Kubernetes Status errors.
 */
@Injectable()
export class KubeAuthGuard implements CanActivate {
  constructor(
    private readonly authenticator: AuthenticatorService,
    private readonly orgUsers: OrgUsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const namespace = (request.params as Record<string, string | undefined>).namespace;
    const orgId = namespace === undefined ? undefined : namespaceOrg(namespace);
    if (namespace !== undefined && orgId === undefined) {
      throw KubeStatusError.badRequest(`invalid namespace "${namespace}"`);
    }
    let principal: Principal;
    try {
      principal = await this.authenticator.authenticate(
        {
          authorization: request.headers.authorization,
          'x-grafana-org-id': orgId === undefined ? undefined : String(orgId),
        },
        request.ip,
      );
    } catch (error) {
      throw await this.refusal(error, namespace, orgId);
    }
    callers.set(request, { principal, namespace: namespace ?? 'default' });
    return true;
  }

  private async refusal(
    error: unknown,
    namespace: string | undefined,
    orgId: number | undefined,
  ): Promise<unknown> {
    if (!(error instanceof GrafanaError)) return error;
    if (error.status === 401 && namespace !== undefined && orgId !== undefined) {
      if (ORG_MISMATCH.has(String(error.body.messageId))) {
        if (!(await this.orgExists(orgId))) {
          return new KubeStatusError(404, 'NotFound', `namespaces "${namespace}" not found`, {
            name: namespace,
            kind: 'namespaces',
          });
        }
        return KubeStatusError.forbidden('access', namespace, 'not a member of the organization');
      }
    }
    if (error.status === 401) return KubeStatusError.unauthorized();
    if (error.status === 400) return KubeStatusError.badRequest(error.message);
    return error;
  }

  private async orgExists(orgId: number): Promise<boolean> {
    try {
      await this.orgUsers.requireOrg(orgId);
      return true;
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'org-not-found') return false;
      throw error;
    }
  }
}

/** The caller KubeAuthGuard authenticated. */
export const CurrentKubeCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): KubeCaller => {
    const found = callers.get(context.switchToHttp().getRequest<FastifyRequest>());
    if (!found) throw new Error('CurrentKubeCaller used on a route without KubeAuthGuard');
    return found;
  },
);
