import { Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import type { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { CONTENT_TAG } from './cache-tags';

/** Statistics of the webhook (debug `/stats`). */
export const WEBHOOK_STATS = {
  sent: 'content.invalidation_webhook.sent',
  retries: 'content.invalidation_webhook.retries',
  failures: 'content.invalidation_webhook.failures',
} as const;

export interface WebhookTiming {
  /** Tries of one call, the first included. */
  readonly attempts: number;
  /** Wait before the first retry; doubled before each next one. */
  readonly firstBackoffMs: number;
  /** How long one try may take, answer included. */
  readonly timeoutMs: number;
}

/** 4 tries over about 3.5 s of waits: a receiver restarting is reached, a dead one given up on. */
const TIMING: WebhookTiming = { attempts: 4, firstBackoffMs: 500, timeoutMs: 5000 };
/** Most tags in one call; more are sent in several calls. */
export const MAX_TAGS_PER_CALL = 500;
/** Tags waiting beyond this (the receiver down while many writes happen) become CONTENT_TAG. */
const MAX_PENDING_TAGS = 10_000;

/**
 * GRAPHQL_INVALIDATION_WEBHOOK: after a write commits and the result cache is invalidated, POSTs
 * `{"tags": [...]}` (cache-tags.ts) to the URL, for an operator's relay to purge the CDN. Never in
 * the write's way: `notify` only queues; one call runs at a time, and tags queued meanwhile go out
 * together in the next (a purge of more tags is still right). A call that fails (network error,
 * timeout, a status other than 2xx) is retried with backoff, then logged and counted.
 */
@Injectable()
export class InvalidationWebhook implements OnApplicationShutdown {
  private readonly logger = new Logger('InvalidationWebhook');
  protected readonly timing: WebhookTiming = TIMING;
  private readonly url: string;
  private readonly stats: Record<keyof typeof WEBHOOK_STATS, Counter> | undefined;
  private readonly pending = new Set<string>();
  private running: Promise<void> | undefined;

  constructor(settings: Settings, @Optional() stats?: StatsRegistry) {
    this.url = settings.content.invalidationWebhook.reveal();
    this.stats = stats && {
      sent: stats.counter(WEBHOOK_STATS.sent),
      retries: stats.counter(WEBHOOK_STATS.retries),
      failures: stats.counter(WEBHOOK_STATS.failures),
    };
  }

  get enabled(): boolean {
    return this.url !== '';
  }

  /** Queues the tags for the receiver; returns at once and never throws. */
  notify(tags: readonly string[]): void {
    if (!this.enabled || tags.length === 0) return;
    for (const tag of tags) this.pending.add(tag);
    // Purging everything makes every other tag redundant.
    if (this.pending.has(CONTENT_TAG) || this.pending.size > MAX_PENDING_TAGS) {
      this.pending.clear();
      this.pending.add(CONTENT_TAG);
    }
    this.drainSoon();
  }

  /** Queued calls are made (with their retries) before the process ends: a command's too. */
  async onApplicationShutdown(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  private drainSoon(): void {
    if (this.running !== undefined) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0) this.drainSoon();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const tags = [...this.pending].slice(0, MAX_TAGS_PER_CALL);
      for (const tag of tags) this.pending.delete(tag);
      await this.deliver(tags);
    }
  }

  private async deliver(tags: readonly string[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const problem = await this.post(tags);
      if (problem === undefined) {
        this.stats?.sent.inc();
        return;
      }
      if (attempt >= this.timing.attempts) {
        this.stats?.failures.inc();
        // The URL may hold a credential: the host only.
        this.logger.warn(
          `invalidation webhook to ${new URL(this.url).host} failed ${attempt} times (${problem}); the CDN keeps ${tags.length} tag(s) until they expire: ${tags.slice(0, 10).join(' ')}${tags.length > 10 ? ' ...' : ''}`,
        );
        return;
      }
      this.stats?.retries.inc();
      await delay(this.timing.firstBackoffMs * 2 ** (attempt - 1));
    }
  }

  /** One try: undefined when the receiver answered 2xx, else what went wrong. */
  private async post(tags: readonly string[]): Promise<string | undefined> {
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tags }),
        // A redirect would turn the POST into a GET: the URL must name the receiver itself.
        redirect: 'error',
        signal: AbortSignal.timeout(this.timing.timeoutMs),
      });
      await response.body?.cancel();
      return response.ok ? undefined : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? describe(error) : String(error);
    }
  }
}

/** fetch's errors say "fetch failed" and keep the reason in `cause`. */
function describe(error: Error): string {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
