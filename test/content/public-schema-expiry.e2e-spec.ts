import { eventually } from '../support/eventually';
import { GraphqlClient } from '../support/graphql-client';
import { PONG, runEndpoint, type Running } from './fixtures/endpoint-world';

/*
 * Issue 29, finding 5: an anonymous GET answered early (before the route, so before the schema
 * selector) kept being sent past the public schema's expiryDate, with `max-age=3600`, until the
 * result cache's TTL. Now max-age stops at the expiry and the early answer is not sent from then
 * on: the route answers, as Craft does for an expired public schema.
 */

/** From before the boot: long enough for a slow boot, short enough to wait for. */
const LIFE_MS = 25_000;

describe('an expiring public schema', () => {
  let running: Running;
  let gql: GraphqlClient;
  let expiresAt: number;

  beforeAll(async () => {
    expiresAt = Date.now() + LIFE_MS;
    running = await runEndpoint(
      { GRAPHQL_HTTP_CACHE_MAX_AGE: '3600' },
      { publicEnabled: true, postgres: false, publicExpiryDate: new Date(expiresAt).toISOString() },
    );
    gql = new GraphqlClient(running.service.httpUrl);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  it('max-age stops at the expiry, and nothing is answered early past it', async () => {
    const first = await gql.get({ query: '{ ping }' });
    expect([first.status, first.body]).toEqual([200, PONG]);
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeLessThanOrEqual(Math.ceil((expiresAt - Date.now()) / 1000) + 1);
    // Kept whole and indexed for early answers by now; answered again while the schema lives.
    const second = await gql.get({ query: '{ ping }' });
    expect([second.status, second.body]).toEqual([200, PONG]);
    const stats = await (await fetch(`${running.service.debugUrl}/stats`)).text();
    expect(stats).toMatch(/^content\.graphql_cache\.early_answers: [1-9]/m);
    const { value: refused } = await eventually(
      'the expired public schema to be refused',
      async () => {
        const answer = await gql.get({ query: '{ ping }' });
        return answer.status === 200 ? undefined : answer;
      },
      LIFE_MS + 15_000,
      100,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    expect([refused.status, refused.body]).toEqual([
      400,
      { name: 'Bad Request', message: 'Missing Authorization header', code: 0, status: 400 },
    ]);
  }, 90_000);
});
