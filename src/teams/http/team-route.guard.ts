import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  Logger,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { failureMessageOf, routeFailure } from '../../infra/http/grafana/on-failure.decorator';
import { TeamAccessService } from '../access/team-access.service';
import { TeamsService } from '../teams.service';

const TEAM_ACTION = 'teams:route-action';
const resolvedTeamIds = new WeakMap<object, number>();

/**
 * What Grafana's team routes run before their handler, as a guard: on a route with `:teamId`,
 * the uid resolver (404 `Not found`), then the RBAC check of `action` on that team (403); on a
 * route without one, the check of the unscoped action (`teams:create`). Guards run before the
 * validation pipe, so a caller is refused before their body is read, as in Grafana. Use after
 * `@UseGuards(AuthGuard)`; the handler reads the id with `@RouteTeamId()`.
 */
export function TeamRoute(action: string): MethodDecorator {
  return applyDecorators(SetMetadata(TEAM_ACTION, action), UseGuards(TeamRouteGuard));
}

@Injectable()
export class TeamRouteGuard implements CanActivate {
  private readonly logger = new Logger('GrafanaApi');

  constructor(
    private readonly reflector: Reflector,
    private readonly teams: TeamsService,
    private readonly access: TeamAccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<string | undefined>(TEAM_ACTION, context.getHandler());
    if (action === undefined) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const principal = principalOf(context);
    const rawTeamId = (request.params as Record<string, string | undefined>).teamId;
    try {
      if (rawTeamId === undefined) {
        if (!this.access.allowsUnscoped(principal, action)) throw GrafanaError.accessDenied(action);
        return true;
      }
      const teamId = await this.teams.resolveTeamId(principal, rawTeamId);
      await this.access.require(principal, action, teamId);
      resolvedTeamIds.set(request, teamId);
      return true;
    } catch (error) {
      // An unexpected failure here (the database) is answered with the route's own 500 text.
      throw routeFailure(error, failureMessageOf(this.reflector, context), this.logger);
    }
  }
}

/** The team id `@TeamRoute` resolved from `:teamId` (an id or a uid). */
export const RouteTeamId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): number => {
    const found = resolvedTeamIds.get(context.switchToHttp().getRequest<FastifyRequest>());
    if (found === undefined) throw new Error('RouteTeamId used on a route without @TeamRoute');
    return found;
  },
);
