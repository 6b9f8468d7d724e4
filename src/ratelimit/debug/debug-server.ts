import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Fastify, { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { applyRequestTimeout } from '../../infra/http/request-timeout';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { CONSOLE_ENDPOINTS, ConsoleRoutes } from '../console/console-routes';
import { requireDebugToken } from './debug-token';
import { PPROF_ENDPOINTS, PprofRoutes } from './pprof/pprof-routes';
import { statLine } from './stat-line';

const ENDPOINTS: ReadonlyArray<readonly [string, string]> = sortedByPath([
  ...PPROF_ENDPOINTS,
  ...CONSOLE_ENDPOINTS,
  ['/rlconfig', 'print out the currently loaded configuration for debugging'],
  ['/stats', 'print out stats'],
]);

/**
 * `/` lists the endpoints sorted by path, as upstream does
 * (docs/observability-debug.md#debug-listener).
 */
function sortedByPath(endpoints: Array<readonly [string, string]>) {
  return endpoints.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The operator's debug listener (DEBUG_HOST:DEBUG_PORT), separate from the public HTTP port so it
 * can stay firewalled: `/` lists the endpoints, `/rlconfig` the loaded rules, `/stats` the counters,
 * `/debug/pprof/` the profiles of the process, `/console` the operator console and its JSON API.
 * DEBUG_TOKEN, when set, guards every route.
 */
@Injectable()
export class DebugServer implements OnApplicationShutdown {
  private readonly logger = new Logger('DebugServer');
  private readonly server: FastifyInstance = Fastify({ logger: false });
  private readonly pprof: PprofRoutes;

  constructor(
    private readonly settings: Settings,
    private readonly rules: RuleConfigHolder,
    private readonly stats: StatsRegistry,
    private readonly console: ConsoleRoutes,
  ) {
    requireDebugToken(this.server, settings.debug.token);
    this.pprof = new PprofRoutes({ heapSnapshots: settings.debug.heapSnapshots });
    const text = 'text/plain; charset=utf-8';
    this.server.get('/rlconfig', (_request, reply) =>
      reply.type(text).send(this.rules.current?.dump() ?? ''),
    );
    this.server.get('/stats', (_request, reply) =>
      reply.type(text).send(
        this.stats
          .snapshot()
          .map(([name, value]) => statLine(name, value))
          .join(''),
      ),
    );
    // Upstream answers the endpoint list on `/` and on any unregistered path.
    this.server.setNotFoundHandler((_request, reply) =>
      reply.type(text).send(ENDPOINTS.map(([path, help]) => `${path}: ${help}\n`).join('')),
    );
    this.pprof.register(this.server);
    this.console.register(this.server);
  }

  /** Opened with the other listeners, once the first configuration is in. */
  async listen(): Promise<void> {
    const { host, port } = this.settings.debug;
    applyRequestTimeout(this.server.server, this.settings.http.requestTimeout);
    await this.server.listen({ host, port });
    const bound = this.addresses().map((a) => `${a.address}:${a.port}`);
    this.logger.log(`debug listener on ${bound.join(', ')}`);
  }

  /** The addresses it is really bound to (`0.0.0.0` stays `0.0.0.0`), for the startup summary. */
  addresses(): AddressInfo[] {
    return this.server.addresses().filter((a): a is AddressInfo => typeof a !== 'string');
  }

  async onApplicationShutdown(): Promise<void> {
    this.pprof.close();
    this.console.close();
    await this.server.close();
  }
}
