import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { monitorEventLoopDelay, IntervalHistogram } from 'node:perf_hooks';
import { Clock } from '../../infra/clock/clock';
import {
  CounterKeyRejectedError,
  CounterStore,
  CounterStoreError,
} from '../../infra/counters/counter-store.port';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { RuleLoaderService } from '../config/rule-loader.service';
import { RateLimitService } from '../limiter/rate-limit.service';
import { requester } from '../debug/debug-token';
import { ConsoleInputError } from './console-errors';
import { CONSOLE_HEADERS, ConsoleAsset, loadConsoleAssets } from './console-assets';
import { ConsoleAccounting } from './console-accounting';
import { CounterInspector } from './counter-inspector';
import { DryRunService } from './dry-run';
import { DescriptorBounds, parseDescriptor, requiredText } from './descriptor-query';
import { ruleKeys, ruleTree } from './rule-tree';

type Query = Record<string, unknown>;

const LOOP_RESOLUTION_MS = 20;

/** The histogram's samples include its own timer's period: what is left is the lateness (ms). */
function lateness(nanoseconds: number): number {
  return Number.isFinite(nanoseconds) ? Math.max(0, nanoseconds / 1e6 - LOOP_RESOLUTION_MS) : 0;
}

/** The console's endpoints on the debug listener, with their `/` help lines. */
export const CONSOLE_ENDPOINTS: ReadonlyArray<readonly [string, string]> = [
  ['/console', 'operator console: rules, live traffic, top callers, counters, health'],
  ['/counters', 'GET ?domain=&descriptor=k=v,k2=v2: counters of a descriptor; DELETE: reset them'],
  ['/top', 'GET ?rule=: top callers of a rule by hits and by over-limit'],
  ['/traffic', 'GET [?rule=]: per-rule traffic over the last minute and hour'],
  [
    '/dry-run',
    'POST ?seconds= a candidate rule file (YAML): what it would have limited; GET, DELETE',
  ],
];

/**
 * `/console` and its JSON API (docs/observability-debug.md). Thin: the counters are the
 * inspector's, the traffic and top callers the accounting's; this maps errors to answers
 * (400 for the operator's mistakes, 503 with the store's message, never a stack).
 */
@Injectable()
export class ConsoleRoutes {
  private readonly bounds: DescriptorBounds;
  private readonly loopDelay: IntervalHistogram;
  private assets: ReadonlyMap<string, ConsoleAsset> | undefined;

  constructor(
    private readonly settings: Settings,
    private readonly rules: RuleConfigHolder,
    private readonly loader: RuleLoaderService,
    private readonly inspector: CounterInspector,
    private readonly accounting: ConsoleAccounting,
    private readonly store: CounterStore,
    private readonly limiter: RateLimitService,
    private readonly stats: StatsRegistry,
    private readonly clock: Clock,
    private readonly dryRun: DryRunService,
  ) {
    const { maxDescriptorKeyBytes, maxDescriptorValueBytes } = settings.grpc;
    this.bounds = {
      maxKeyBytes: maxDescriptorKeyBytes,
      maxValueBytes: maxDescriptorValueBytes,
      maxEntries: 64,
    };
    this.loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  }

  register(server: FastifyInstance): void {
    this.loopDelay.enable();
    server.get('/counters', (request, reply) =>
      this.answer(reply, () => {
        const { domain, entries } = this.descriptorOf(request.query as Query);
        return this.inspector.lookup(domain, entries);
      }),
    );
    server.delete('/counters', (request, reply) =>
      this.answer(reply, () => {
        const { domain, entries } = this.descriptorOf(request.query as Query);
        return this.inspector.reset(domain, entries, requester(request));
      }),
    );
    server.get('/top', (request, reply) =>
      this.answer(reply, () => this.top(request.query as Query)),
    );
    server.get('/traffic', (request, reply) =>
      this.answer(reply, () => {
        const { rule } = request.query as Query;
        return Promise.resolve({
          accounting: this.accounting.enabled,
          rules: this.accounting.trafficOf(
            typeof rule === 'string' && rule !== '' ? rule : undefined,
          ),
        });
      }),
    );
    // A candidate rule file is YAML; curl --data-binary sends it as form data unless told.
    server.addContentTypeParser(
      ['application/yaml', 'application/x-yaml', 'text/yaml', 'application/x-www-form-urlencoded'],
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    server.post('/dry-run', (request, reply) =>
      this.answer(reply, () => {
        const { seconds } = request.query as Query;
        if (typeof request.body !== 'string' || request.body.trim() === '') {
          throw new ConsoleInputError('the body must be the candidate rule file (YAML)');
        }
        return Promise.resolve(this.dryRun.start(request.body, Number(seconds ?? 60)));
      }),
    );
    server.get('/dry-run', (_request, reply) =>
      this.answer(reply, () => Promise.resolve(this.dryRun.report())),
    );
    server.delete('/dry-run', (_request, reply) =>
      this.answer(reply, () => Promise.resolve(this.dryRun.stop())),
    );
    server.get('/console/rules.json', (_request, reply) =>
      this.answer(reply, () => Promise.resolve(this.rulesView())),
    );
    server.get('/console/health.json', (_request, reply) =>
      this.answer(reply, () => this.health()),
    );
    server.get('/console', (_request, reply) => this.asset(reply, 'console.html'));
    server.get('/console/', (_request, reply) => this.asset(reply, 'console.html'));
    server.get('/console/assets/:name', (request, reply) =>
      this.asset(reply, (request.params as { name: string }).name),
    );
  }

  close(): void {
    this.loopDelay.disable();
  }

  private descriptorOf(query: Query) {
    const domain = requiredText(query.domain, 'domain', this.bounds.maxKeyBytes);
    return { domain, entries: parseDescriptor(query.descriptor, this.bounds) };
  }

  private top(query: Query) {
    const rule = requiredText(query.rule, 'rule', 4096);
    if (!this.accounting.enabled) {
      throw new ConsoleInputError('top callers are off (DEBUG_CONSOLE_ACCOUNTING=false)');
    }
    const top = this.accounting.top(rule);
    if (top === undefined) throw new ConsoleInputError(`unknown rule "${rule}"`);
    if (
      typeof query.domain === 'string' &&
      query.domain !== '' &&
      !rule.startsWith(query.domain + '.')
    ) {
      throw new ConsoleInputError(`rule "${rule}" is not in domain "${query.domain}"`);
    }
    return Promise.resolve(top);
  }

  private rulesView() {
    const history = this.loader.history;
    const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
    return {
      source: this.settings.rules.configType === 'GRPC_XDS_SOTW' ? 'xDS' : 'files',
      lastReloadAt: iso(history.lastAtMs),
      lastReloadResult:
        history.lastResult === undefined ? null : history.lastResult.loaded ? 'loaded' : 'rejected',
      lastRejectedAt: iso(history.lastRejectedAtMs),
      lastRejectedError: history.lastRejectedError ?? null,
      rules: ruleKeys(this.rules.current),
      domains: ruleTree(this.rules.current),
    };
  }

  private async health() {
    const started = performance.now();
    let reachable = true;
    let error: string | null = null;
    try {
      // A read of a key nobody uses: a round trip that counts nothing.
      await this.store.read([
        { key: '__console_probe__', hits: 0, windowSeconds: 1, windowEnd: 0 },
      ]);
    } catch (caught) {
      reachable = false;
      error = (caught as Error).message;
    }
    const latencyMs = performance.now() - started;
    const folded = [...this.stats.counters()].find(
      (c) => c.name === 'ratelimit.service.stats_keys_folded',
    );
    return {
      store: { kind: this.store.kind, reachable, latencyMs, error },
      localOverLimitCacheKeys: this.limiter.localCacheSize,
      rssBytes: process.memoryUsage.rss(),
      eventLoopDelayMs: {
        mean: lateness(this.loopDelay.mean),
        p99: lateness(this.loopDelay.percentile(99)),
        max: lateness(this.loopDelay.max),
      },
      statsKeysFolded: folded?.value ?? 0,
      accounting: this.accounting.enabled,
      at: new Date(this.clock.nowMs()).toISOString(),
    };
  }

  private async answer(reply: FastifyReply, run: () => Promise<unknown>): Promise<void> {
    try {
      const body = await run();
      await reply.header('cache-control', 'no-store').send(body);
    } catch (error) {
      const message = (error as Error).message;
      if (error instanceof ConsoleInputError || error instanceof CounterKeyRejectedError) {
        await reply.code(400).send({ message });
      } else if (error instanceof CounterStoreError) {
        await reply.code(503).send({ message });
      } else {
        await reply.code(503).send({ message: `console: ${message}` });
      }
    }
  }

  private asset(reply: FastifyReply, name: string): FastifyReply {
    this.assets ??= loadConsoleAssets();
    const asset = this.assets.get(name);
    if (asset === undefined) return reply.code(404).send({ message: `no console asset ${name}` });
    return reply.headers(CONSOLE_HEADERS).type(asset.contentType).send(asset.body);
  }
}
