import type * as grpc from '@grpc/grpc-js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rateLimitClient, unaryWithin } from '../support/grpc-clients';
import { CALLER_DEADLINE_MS } from '../support/decision-load';
import { ruleDirectory } from '../support/rule-dir';
import { type ServiceProcess, startService } from '../support/service-process';
import { percentile, rawPost, rssMiB } from './abuse-clients.fixtures';

/*
 * Issue 29, run as written against a default start (the GraphQL text caps at their defaults):
 * the 15 MiB comment that used to stay in the document cache and stall the event loop is
 * refused before it is read, comments and whitespace count toward the query caps, and the rate
 * limiter's decisions stay fast while the worst request an anonymous client can still send runs
 * in a loop. Every loop here is bounded in count and time.
 */

const RULES = `
domain: caps
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 1000000000}
`;
const DECISION = { domain: 'caps', descriptors: [{ entries: [{ key: 'user', value: 'fine' }] }] };
const ADMIN_PASSWORD = 'caps-admin';
const ADMIN = {
  authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`,
  'x-craft-gql-schema': '*',
};
/** The defaults of GRAPHQL_PUBLIC_MAX_QUERY_BYTES, GRAPHQL_PUBLIC_MAX_BATCH_SIZE. */
const PUBLIC_QUERY_BYTES = 16 * 1024;
const PUBLIC_BATCH = 20;
/**
 * The decision p99 asserted while GraphQL abuse loops. The goal is 50 ms, measured 29-44 ms
 * on a quiet 2-core machine (docs/benchmarks.md); the bound leaves room for a CI machine
 * running other suites (107-121 ms seen under a load average of 4), and is still far below
 * what the old code allowed: seconds for one uncapped request, 230-360 ms at a 64 KiB cap.
 */
const P99_BOUND_MS = 150;

const yiiError = (status: number, name: string, message: string) => ({
  name,
  message,
  code: 0,
  status,
});

/** `{ ping }` padded with a comment to exactly `bytes` bytes of query text. */
function paddedPing(bytes: number, tag: string): string {
  const head = `{ ping } # ${tag} `;
  return head + 'A'.repeat(bytes - head.length);
}

/** A query of about `bytes` bytes of distinct aliases: the most fields a text that size holds. */
function aliases(bytes: number, tag: string): string {
  let query = '{ ';
  for (let i = 0; query.length < bytes - 40; i++) query += `a${i}: ping `;
  return `${query}} # ${tag}`;
}

describe('GraphQL text caps at their defaults (issue 29)', () => {
  let service: ServiceProcess;
  let dataDir: string;
  let grpcClient: grpc.Client;
  const port = () => Number(new URL(service.httpUrl).port);
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.httpUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'content-caps-'));
    service = await startService({
      ...ruleDirectory({ 'caps.yaml': RULES }),
      DATA_DIR: dataDir,
      CONTENT_SEED_DIR: 'config/content/seed',
      ADMIN_PASSWORD,
    });
    grpcClient = rateLimitClient(service.grpcAddress);
  });

  afterAll(async () => {
    grpcClient?.close();
    await service?.stop();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the 15 MiB comment of the audit: 413 by its length, or once 256 KiB of a chunked body is read; memory stays flat', async () => {
    const before = rssMiB(service.child.pid!);
    const comment = 'A'.repeat(15 * 1024 * 1024);
    for (let n = 0; n < 10; n++) {
      const body = Buffer.from(JSON.stringify({ query: `{ ping }\n#${comment}${n}` }));
      const answer = await rawPost(port(), 'application/json', body, 'length only');
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual(
        yiiError(413, 'Request Entity Too Large', 'Request body is too large'),
      );
    }
    // A chunked body (no length) is refused once the server has read past the limit.
    const overLimit = Buffer.alloc(256 * 1024 + 1, ' ');
    overLimit.write('{"query":"{ ping }"}');
    const chunked = await rawPost(port(), 'application/json', overLimit, 'chunked');
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text)).toEqual(
      yiiError(413, 'Request Entity Too Large', 'Request body is too large'),
    );
    // The audit saw the heap grow 157 MB over these ten (15.7 MB each, kept by the cache).
    expect(rssMiB(service.child.pid!) - before).toBeLessThan(64);
    // Junk credentials are anonymous too (anonymous.ts): the same limit.
    const junk = await fetch(`${service.httpUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer __PUBLIC__' },
      body: JSON.stringify({ query: `{ ping }\n#${'A'.repeat(300 * 1024)}` }),
    });
    expect(junk.status).toBe(413);
    expect(service.child.exitCode).toBeNull();
  });

  it('comments and whitespace count: 16 KiB of query text is answered, a byte more is a GraphQL error 413; an admin or token gets 1 MiB', async () => {
    expect(await post({ query: paddedPing(PUBLIC_QUERY_BYTES, 'at') })).toEqual({
      status: 200,
      body: { data: { ping: 'pong' } },
    });
    const over = { query: paddedPing(PUBLIC_QUERY_BYTES + 1, 'over') };
    expect(await post(over)).toEqual({
      status: 413,
      body: {
        errors: [
          {
            message: `Max query size should be ${PUBLIC_QUERY_BYTES} bytes but got ${PUBLIC_QUERY_BYTES + 1}.`,
            extensions: { category: 'graphql' },
          },
        ],
      },
    });
    // Whitespace alone, and a text whose characters take 3 bytes each.
    const spaces = { query: `{ ping }${' '.repeat(PUBLIC_QUERY_BYTES)}` };
    expect((await post(spaces)).status).toBe(413);
    const wide = { query: `{ ping } # ${'€'.repeat(PUBLIC_QUERY_BYTES / 3)}` };
    expect((await post(wide)).status).toBe(413);
    // A batch counts each operation's text, and is refused whole.
    expect((await post([{ query: '{ ping }' }, over])).status).toBe(413);
    expect(await post(over, ADMIN)).toEqual({ status: 200, body: { data: { ping: 'pong' } } });
    const tokenOver = { query: paddedPing(1024 * 1024 + 1, 'token') };
    expect((await post(tokenOver, ADMIN)).status).toBe(413);
  });

  it(`an anonymous batch of more than ${PUBLIC_BATCH} operations: 400 with Craft's message`, async () => {
    const batch = Array.from({ length: PUBLIC_BATCH + 1 }, () => ({ query: '{ ping }' }));
    expect(await post(batch)).toEqual({
      status: 400,
      body: yiiError(
        400,
        'Bad Request',
        `No more than ${PUBLIC_BATCH} GraphQL queries can be executed in a single batch.`,
      ),
    });
    expect((await post(batch.slice(1))).status).toBe(200);
    expect((await post(batch, ADMIN)).status).toBe(200);
  });

  it('ShouldRateLimit p99 stays low while an anonymous client loops the largest request it can send', async () => {
    const decide = async (latencies: number[]) => {
      const started = performance.now();
      const answer = await unaryWithin<{ overallCode: string }>(
        grpcClient,
        'ShouldRateLimit',
        DECISION,
        CALLER_DEADLINE_MS,
      );
      latencies.push(performance.now() - started);
      expect(answer.overallCode).toBe('OK');
    };
    const decideFor = async (ms: number) => {
      const latencies: number[] = [];
      const until = performance.now() + ms;
      while (performance.now() < until) {
        await decide(latencies);
        // Envoy's calls arrive spread out; a short pause keeps this loop from being the load.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return latencies;
    };
    await decideFor(500); // warm
    const quiet = await decideFor(3000);

    // The worst an anonymous client can still send: a body at the public limit holding as
    // many operations at the public query limit as fit, all distinct (no cache), no result
    // cache, each text a new parse and validation.
    const perBody = Math.floor((256 * 1024) / (PUBLIC_QUERY_BYTES + 64));
    // Built before the clock starts, and the answers not parsed: this process also times the
    // decisions, so the abusing client must cost it little.
    const bodies = Array.from({ length: 60 }, (_, n) =>
      JSON.stringify(
        Array.from({ length: perBody }, (_, i) => ({
          query: aliases(PUBLIC_QUERY_BYTES, `${n}-${i}`),
        })),
      ),
    );
    let running = true;
    let sent = 0;
    const abuse = (async () => {
      while (running && sent < bodies.length) {
        const response = await fetch(`${service.httpUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-craft-gql-cache': 'no-cache' },
          body: bodies[sent],
        });
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        sent++;
      }
    })();
    let busy: number[];
    try {
      busy = await decideFor(8000);
    } finally {
      running = false;
      await abuse;
    }
    const p99 = (values: number[]) => Math.round(percentile(values, 0.99) * 10) / 10;
    console.log(
      `ShouldRateLimit p99: ${p99(quiet)} ms quiet (${quiet.length} calls), ` +
        `${p99(busy)} ms while ${sent} batches of ${perBody} × ${PUBLIC_QUERY_BYTES} B ran (${busy.length} calls)`,
    );
    expect(sent).toBeGreaterThan(5);
    expect(p99(busy)).toBeLessThan(P99_BOUND_MS);
    expect(service.child.exitCode).toBeNull();
  });
});
