import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphqlClient } from '../support/graphql-client';
import { type LoadLoop, startLoad } from '../support/load-loop';
import { type ServiceProcess, startService } from '../support/service-process';
import { answerOn, openSocket, percentile, rawPost, rssMiB } from './abuse-clients.fixtures';

/*
 * Abusive GraphQL clients against one service (PGlite, the demo content, Craft's limits set)
 * while ordinary queries run steadily: every abuse gets its documented answer
 * (docs/content-endpoint.md, docs/content-limits-cache.md), /healthcheck keeps answering while
 * each abuse is handled, the ordinary queries all succeed in bounded time and the process lives.
 * Every loop here is bounded in count and time.
 */

const LIMITS = {
  GRAPHQL_MAX_DEPTH: '8',
  GRAPHQL_MAX_COMPLEXITY: '2000',
  GRAPHQL_MAX_BATCH_SIZE: '10',
  GRAPHQL_MAX_RESULTS: '20',
  // The defences below the text caps (nesting, tokens, variables, the body limit) are tested on
  // texts and bodies the caps would refuse: opened here as an operator raising them would.
  // content-caps.fault-spec.ts tests the caps at their defaults.
  GRAPHQL_MAX_QUERY_BYTES: '0',
  GRAPHQL_PUBLIC_MAX_QUERY_BYTES: '0',
  GRAPHQL_PUBLIC_MAX_BODY_BYTES: String(16 * 1024 * 1024),
};
const NEWS = '{ entries(section: "news", limit: 3) { title } }';
const NO_CACHE = { 'x-craft-gql-cache': 'no-cache' };
/** The default GRAPHQL_MAX_BODY_BYTES. */
const BODY_LIMIT = 16 * 1024 * 1024;
/**
 * A health poll unanswered this long is a held event loop, not a slow machine. Latencies are
 * printed, not asserted (speed is measured in bench/, where a baseline runs beside it).
 */
const HANG_MS = 15_000;
const latencyLine = (what: string, durations: number[]) =>
  `${what}: ${durations.length} calls, p99 ${Math.round(percentile(durations, 0.99))} ms, ` +
  `max ${Math.round(Math.max(...durations))} ms`;

const graphqlError = (message: string) => ({ message, extensions: { category: 'graphql' } });
const yiiError = (status: number, name: string, message: string) => ({
  name,
  message,
  code: 0,
  status,
});

/** 1-based column of the bracket that opens nesting level `level` (texts without strings). */
function columnOfLevel(text: string, level: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if ('{[('.includes(text[i]) && ++depth === level) return i + 1;
    if ('}])'.includes(text[i])) depth--;
  }
  throw new Error(`the text never nests ${level} levels`);
}

describe('abusive GraphQL clients under steady load', () => {
  let service: ServiceProcess;
  let dataDir: string;
  let client: GraphqlClient;
  let load: LoadLoop;
  let expectedNews: unknown;
  const port = () => Number(new URL(service.httpUrl).port);

  /**
   * Runs an abuse while polling /healthcheck; every poll must answer 200 (a poll that hangs for
   * HANG_MS fails: the event loop was held), and the process must still run afterwards.
   */
  async function whileHealthy<T>(abuse: () => Promise<T>): Promise<T> {
    let running = true;
    const latencies: number[] = [];
    const poll = (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(`${service.httpUrl}/healthcheck`, {
          signal: AbortSignal.timeout(HANG_MS),
        });
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      return await abuse();
    } finally {
      running = false;
      await poll;
      expect(latencies.length).toBeGreaterThan(0);
      console.log(
        latencyLine(`/healthcheck during ${expect.getState().currentTestName}`, latencies),
      );
      expect(service.child.exitCode).toBeNull();
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'graphql-abuse-'));
    service = await startService({
      DATA_DIR: dataDir,
      CONTENT_SEED_DIR: 'config/content/seed',
      ...LIMITS,
    });
    client = new GraphqlClient(service.httpUrl);
    const first = await client.post({ query: NEWS }, { headers: NO_CACHE });
    expect(first.status).toBe(200);
    expectedNews = first.body;
    expect(expectedNews).toEqual({
      data: {
        entries: [
          { title: expect.any(String) },
          { title: expect.any(String) },
          { title: expect.any(String) },
        ],
      },
    });
    // Ordinary clients: the result cache is skipped, so every call really runs the query.
    load = startLoad(
      async () => {
        const answer = await client.post({ query: NEWS }, { headers: NO_CACHE });
        if (answer.status !== 200 || JSON.stringify(answer.body) !== JSON.stringify(expectedNews)) {
          throw new Error(`status ${answer.status}: ${answer.text.slice(0, 200)}`);
        }
      },
      2,
      20_000,
    );
  });

  afterAll(async () => {
    await load?.stop();
    await service?.stop();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a query nested 5 000 levels and a list argument nested 100 000 levels: a syntax error before parsing', async () => {
    await whileHealthy(async () => {
      const children = `{ entries { ${'children { '.repeat(5000)}title${' }'.repeat(5000)} } }`;
      const list = `{ entries(id: ${'['.repeat(100_000)}1${']'.repeat(100_000)}) { title } }`;
      for (const query of [children, list]) {
        const answer = await client.post({ query });
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({
          errors: [
            {
              ...graphqlError('Syntax Error: Document nests more than 500 levels.'),
              locations: [{ line: 1, column: columnOfLevel(query, 501) }],
            },
          ],
        });
      }
      // Below that, Craft's limits answer: 10 + 200 × 25 + 1 points, depth 200.
      const nested = `{ entries { ${'children { '.repeat(200)}title${' }'.repeat(200)} } }`;
      expect((await client.post({ query: nested })).body).toEqual({
        errors: [
          graphqlError('Max query complexity should be 2000 but got 5011.'),
          graphqlError('Max query depth should be 8 but got 200.'),
        ],
      });
    });
  });

  it('fragments spreading each other in a cycle: the validation error; a chain too long to follow: refused', async () => {
    await whileHealthy(async () => {
      const pair = await client.post({
        query:
          '{ entries { ...A } } fragment A on EntryInterface { title ...B } fragment B on EntryInterface { id ...A }',
      });
      expect(pair.body).toEqual({
        errors: [
          {
            ...graphqlError('Cannot spread fragment "A" within itself via "B".'),
            locations: [
              { line: 1, column: 59 },
              { line: 1, column: 100 },
            ],
          },
        ],
      });
      const itself = await client.post({
        query: '{ entries { ...A } } fragment A on EntryInterface { title ...A }',
      });
      expect(itself.body).toEqual({
        errors: [
          {
            ...graphqlError('Cannot spread fragment "A" within itself.'),
            locations: [{ line: 1, column: 59 }],
          },
        ],
      });
      let ring = '{ entries { ...F0 } }';
      for (let i = 0; i < 2000; i++) {
        ring += ` fragment F${i} on EntryInterface { title ...F${(i + 1) % 2000} }`;
      }
      expect((await client.post({ query: ring })).body).toEqual({
        errors: [graphqlError('Document nests more than 500 levels through fragment spreads.')],
      });
      // 40 fragments each spreading the next twice: 2^40 paths, scored without walking them.
      let fan = '{ entries { ...F0 } }';
      for (let i = 0; i < 40; i++) {
        fan += ` fragment F${i} on EntryInterface { title ...F${i + 1} ...F${i + 1} }`;
      }
      fan += ' fragment F40 on EntryInterface { id }';
      expect((await client.post({ query: fan })).body).toEqual({
        errors: [graphqlError('Max query complexity should be 2000 but got 2199023255561.')],
      });
    });
  });

  it('200 000 aliased fields within the body limit: the token limit; 5 000 aliased lists: the complexity limit', async () => {
    await whileHealthy(async () => {
      const aliases = Array.from({ length: 200_000 }, (_, i) => `a${i}: ping`).join(' ');
      const many = await client.post({ query: `{ ${aliases} }` });
      expect(many.status).toBe(200);
      expect(many.body).toEqual({
        errors: [
          {
            ...graphqlError(
              'Syntax Error: Document contains more that 50000 tokens. Parsing aborted.',
            ),
            locations: [{ line: 1, column: expect.any(Number) }],
          },
        ],
      });
      const lists = Array.from({ length: 5000 }, (_, i) => `a${i}: entries { title }`).join(' ');
      expect((await client.post({ query: `{ ${lists} }` })).body).toEqual({
        errors: [graphqlError('Max query complexity should be 2000 but got 55000.')],
      });
    });
  });

  it('a batch of 10 000 operations: 400 with Craft’s message', async () => {
    await whileHealthy(async () => {
      const batch = Array.from({ length: 10_000 }, () => ({ query: NEWS }));
      const answer = await client.post(batch);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(
        yiiError(
          400,
          'Bad Request',
          'No more than 10 GraphQL queries can be executed in a single batch.',
        ),
      );
    });
  });

  it('huge variables: 413 over the body limit, ignored when undeclared, 400 when too deep, argument errors for huge lists and texts', async () => {
    await whileHealthy(async () => {
      const over = Buffer.from(
        JSON.stringify({ query: '{ ping }', variables: { blob: 'x'.repeat(BODY_LIMIT) } }),
      );
      const refused = await rawPost(port(), 'application/json', over, 'length only');
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.text)).toEqual(
        yiiError(413, 'Request Entity Too Large', 'Request body is too large'),
      );

      // Half a million undeclared variables (8 MiB): read, then ignored, as GraphQL ignores them.
      const variables: Record<string, number> = {};
      for (let i = 0; i < 500_000; i++) variables[`v${i}`] = i;
      expect((await client.post({ query: '{ ping }', variables })).body).toEqual({
        data: { ping: 'pong' },
      });

      const deep = `{"query":"{ ping }","variables":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
      const tooDeep = await client.postRaw(deep, 'application/json');
      expect(tooDeep.status).toBe(400);
      expect(tooDeep.body).toEqual(
        yiiError(
          400,
          'Bad Request',
          'Invalid JSON data in request body: The maximum stack depth has been exceeded',
        ),
      );
      const deepParam = await client.get({
        query: '{ ping }',
        variables: `{"a":${'['.repeat(600)}${']'.repeat(600)}}`,
      });
      expect(deepParam.status).toBe(400);
      expect(deepParam.body).toEqual(
        yiiError(400, 'Bad Request', 'The variables param must be valid JSON'),
      );

      const ids = Array.from({ length: 200_000 }, (_, i) => i + 1);
      const byId = await client.post({
        query: 'query ($ids: [QueryArgument]) { entries(id: $ids) { title } }',
        variables: { ids },
      });
      expect(byId.body).toEqual({
        errors: [
          {
            ...graphqlError('A parameter may list at most 10000 values.'),
            locations: [{ line: 1, column: 33 }],
            path: ['entries'],
          },
        ],
        data: { entries: null },
      });
      // Relation ids travel as one array parameter: many are fine, and quick to deduplicate.
      const related = await client.post({
        query: 'query ($ids: [QueryArgument]) { entryCount(relatedTo: $ids) }',
        variables: { ids },
      });
      expect(related.body).toEqual({ data: { entryCount: expect.any(Number) } });
      const search = await client.post({
        query: 'query ($text: String) { entries(search: $text) { title } }',
        variables: { text: 'word '.repeat(800_000) },
      });
      expect(search.body).toEqual({
        errors: [
          {
            ...graphqlError('The search text may be at most 10000 characters.'),
            locations: [{ line: 1, column: 25 }],
            path: ['entries'],
          },
        ],
        data: { entries: null },
      });
    });
  });

  it('invalid UTF-8, garbage and truncated bodies: 400 for JSON, a syntax error for a query text', async () => {
    await whileHealthy(async () => {
      const invalidUtf8 = Buffer.concat([
        Buffer.from('{"query":"{ ping'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from(' }"}'),
      ]);
      const json = await rawPost(port(), 'application/json', invalidUtf8);
      expect(json.status).toBe(400);
      expect(JSON.parse(json.text)).toEqual(
        yiiError(
          400,
          'Bad Request',
          'Invalid JSON data in request body: Malformed UTF-8 characters, possibly incorrectly encoded',
        ),
      );
      const binary = await rawPost(
        port(),
        'application/json',
        Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22, 0x80, 0x81]),
      );
      expect(binary.status).toBe(400);
      expect(JSON.parse(binary.text)).toEqual(
        yiiError(
          400,
          'Bad Request',
          'Invalid JSON data in request body: Malformed UTF-8 characters, possibly incorrectly encoded',
        ),
      );
      for (const [body, reason] of [
        [
          '\u0001\u0002 not JSON at all',
          `Unexpected token '\u0001', "\u0001\u0002 not JSON at all" is not valid JSON`,
        ],
        ['{"query":"{ entries { title', 'Unterminated string in JSON at position 27'],
        ['[{"query":"{ ping }"},{"que', 'Unterminated string in JSON at position 27'],
      ]) {
        const answer = await client.postRaw(body, 'application/json');
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual(
          yiiError(400, 'Bad Request', `Invalid JSON data in request body: ${reason}`),
        );
      }
      const query = await rawPost(
        port(),
        'application/graphql',
        Buffer.concat([Buffer.from('{ ping '), Buffer.from([0xc3, 0x28]), Buffer.from(' }')]),
      );
      expect(query.status).toBe(200);
      expect(JSON.parse(query.text)).toEqual({
        errors: [
          {
            ...graphqlError('Syntax Error: Unexpected character: U+FFFD.'),
            locations: [{ line: 1, column: 8 }],
          },
        ],
      });
    });
  });

  it('application/graphql bodies over the limit: 413 by the length, or once the limit is read', async () => {
    await whileHealthy(async () => {
      const before = rssMiB(service.child.pid!);
      // One byte over: a chunked body is refused as soon as the server has read it all.
      const body = Buffer.alloc(BODY_LIMIT + 1, ' ');
      body.write('{ ping }');
      for (const sending of ['length only', 'chunked', 'length only', 'chunked'] as const) {
        const answer = await rawPost(port(), 'application/graphql', body, sending);
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.text)).toEqual(
          yiiError(413, 'Request Entity Too Large', 'Request body is too large'),
        );
      }
      expect(rssMiB(service.child.pid!) - before).toBeLessThan(96);
    });
  });

  it('a slowloris on /graphql: held connections block nobody, and a slow request is answered once complete', async () => {
    const body = JSON.stringify({ query: NEWS });
    const sockets = await Promise.all(Array.from({ length: 200 }, () => openSocket(port())));
    const dripping = await Promise.all(Array.from({ length: 20 }, () => openSocket(port())));
    for (const socket of [...sockets, ...dripping]) socket.on('error', () => undefined);
    const head = `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    try {
      await whileHealthy(async () => {
        // Half-sent bodies, and headers sent one byte at a time.
        for (const socket of sockets) socket.write(head + body.slice(0, 10));
        let sent = 0;
        const drip = setInterval(() => {
          for (const socket of dripping) socket.write(head[sent % head.length]);
          sent++;
        }, 100);
        try {
          const until = performance.now() + 3000;
          while (performance.now() < until) {
            const answer = await client.post({ query: NEWS }, { headers: NO_CACHE });
            expect(answer.body).toEqual(expectedNews);
          }
        } finally {
          clearInterval(drip);
        }
        const answer = answerOn(sockets[0]);
        sockets[0].write(body.slice(10));
        const completed = await answer;
        expect(completed.status).toBe(200);
        expect(JSON.parse(completed.text)).toEqual(expectedNews);
      });
    } finally {
      for (const socket of [...sockets, ...dripping]) socket.destroy();
    }
  });

  it('kept answering the ordinary queries throughout, without restarting', async () => {
    await load.stop();
    const outcomes = load.outcomes;
    expect(outcomes.length).toBeGreaterThan(50);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    console.log(
      latencyLine(
        'ordinary queries',
        outcomes.map((outcome) => outcome.ms),
      ),
    );
    expect(service.child.exitCode).toBeNull();
    // No abuse reached the generic "something went wrong" path.
    expect(service.output()).not.toMatch(
      /Maximum call stack|heap out of memory|GraphQL (operation failed|execution threw)|resolver failed/,
    );
  });
});
