import { Logger } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StatsRegistry } from '../../infra/stats/registry';
import { NO_SECRET, Secret } from '../../settings/secret';
import type { Settings } from '../../settings/settings';
import { CONTENT_TAG } from './cache-tags';
import { InvalidationWebhook, WEBHOOK_STATS, type WebhookTiming } from './invalidation-webhook';

/** Short waits, so that a test with retries takes milliseconds. */
class QuickWebhook extends InvalidationWebhook {
  protected override readonly timing: WebhookTiming = {
    attempts: 4,
    firstBackoffMs: 1,
    timeoutMs: 1000,
  };
}

interface Call {
  readonly method: string;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

/** A receiver on a real socket: records each call, answers `statuses` in turn (then 204). */
class Receiver {
  readonly calls: Call[] = [];
  statuses: number[] = [];
  /** While set, calls wait for it before they are answered. */
  hold: Promise<void> | undefined;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/purge?key=s3cret`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    this.calls.push({
      method: request.method ?? '',
      contentType: request.headers['content-type'],
      body: JSON.parse(text) as unknown,
    });
    await this.hold;
    response.statusCode = this.statuses.shift() ?? 204;
    response.end();
  }
}

let receiver: Receiver;
let url: string;
let stats: StatsRegistry;
let warn: jest.SpyInstance;

function webhook(target: string = url): InvalidationWebhook {
  const settings = {
    content: { invalidationWebhook: target === '' ? NO_SECRET : new Secret(target) },
  } as unknown as Settings;
  return new QuickWebhook(settings, stats);
}

const count = (name: string) => stats.snapshot().find(([statName]) => statName === name)?.[1] ?? 0;
const bodies = () => receiver.calls.map((call) => call.body);

beforeEach(async () => {
  receiver = new Receiver();
  url = await receiver.start();
  stats = new StatsRegistry();
  warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  warn.mockRestore();
  await receiver.stop();
});

describe('InvalidationWebhook', () => {
  it('does nothing without a URL', async () => {
    const off = webhook('');
    expect(off.enabled).toBe(false);
    off.notify(['element-1']);
    await off.onApplicationShutdown();
    expect(receiver.calls).toEqual([]);
  });

  it('POSTs the tags as JSON, and counts the call', async () => {
    const hook = webhook();
    hook.notify(['element-1', 'section-news']);
    await hook.onApplicationShutdown();
    expect(receiver.calls).toEqual([
      {
        method: 'POST',
        contentType: 'application/json',
        body: { tags: ['element-1', 'section-news'] },
      },
    ]);
    expect(count(WEBHOOK_STATS.sent)).toBe(1);
  });

  it('retries a failed call until the receiver answers 2xx', async () => {
    receiver.statuses = [500, 503];
    const hook = webhook();
    hook.notify(['element-1']);
    await hook.onApplicationShutdown();
    expect(bodies()).toEqual(Array(3).fill({ tags: ['element-1'] }));
    expect([count(WEBHOOK_STATS.sent), count(WEBHOOK_STATS.retries)]).toEqual([1, 2]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives up after its tries with a warning that does not show the URL', async () => {
    receiver.statuses = [500, 500, 500, 500];
    const hook = webhook();
    hook.notify(['element-1']);
    await hook.onApplicationShutdown();
    expect(receiver.calls).toHaveLength(4);
    expect([count(WEBHOOK_STATS.failures), count(WEBHOOK_STATS.sent)]).toEqual([1, 0]);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0][0]);
    expect(message).toContain('failed 4 times (HTTP 500)');
    expect(message).toContain('element-1');
    expect(message).not.toContain('s3cret');
  });

  it('gives up on a receiver that cannot be reached', async () => {
    await receiver.stop();
    const hook = webhook();
    hook.notify(['element-1']);
    await hook.onApplicationShutdown();
    expect(count(WEBHOOK_STATS.failures)).toBe(1);
    receiver = new Receiver();
    url = await receiver.start();
  });

  it('sends the tags queued during a call together in the next one', async () => {
    let release!: () => void;
    receiver.hold = new Promise((resolve) => (release = resolve));
    const hook = webhook();
    hook.notify(['element-1']);
    while (receiver.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    hook.notify(['element-2', 'section-news']);
    hook.notify(['element-3', 'section-news']);
    release();
    await hook.onApplicationShutdown();
    expect(bodies()).toEqual([
      { tags: ['element-1'] },
      { tags: ['element-2', 'section-news', 'element-3'] },
    ]);
  });

  it('queues CONTENT_TAG alone: purging everything makes other tags redundant', async () => {
    let release!: () => void;
    receiver.hold = new Promise((resolve) => (release = resolve));
    const hook = webhook();
    hook.notify(['element-1']);
    while (receiver.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    hook.notify(['element-2']);
    hook.notify([CONTENT_TAG]);
    hook.notify(['element-3']);
    release();
    await hook.onApplicationShutdown();
    expect(bodies()).toEqual([{ tags: ['element-1'] }, { tags: [CONTENT_TAG] }]);
  });

  it('splits more than 500 tags over several calls', async () => {
    const hook = webhook();
    hook.notify(Array.from({ length: 501 }, (_, i) => `element-${i}`));
    await hook.onApplicationShutdown();
    expect(receiver.calls.map((call) => (call.body as { tags: string[] }).tags.length)).toEqual([
      500, 1,
    ]);
  });
});
