import { apiDecisionRequest } from './decision-request';
import { apiGuardHarness as harness } from './api-guard.fixtures';

describe('apiDecisionRequest', () => {
  it('sends [api], [api, remote_address] and [api, token] when there is a token', () => {
    const entries = (token: string | undefined) =>
      apiDecisionRequest('api', 'graphql', { address: '192.0.2.1', token }).descriptors.map((d) =>
        d.entries.map(({ key, value }) => `${key}=${value}`).join(','),
      );
    expect(entries('abc')).toEqual([
      'api=graphql',
      'api=graphql,remote_address=192.0.2.1',
      'api=graphql,token=abc',
    ]);
    expect(entries(undefined)).toEqual(['api=graphql', 'api=graphql,remote_address=192.0.2.1']);
    expect(apiDecisionRequest('api', 'teams', { address: undefined, token: undefined })).toEqual({
      domain: 'api',
      descriptors: [
        { entries: [{ key: 'api', value: 'teams' }], limit: undefined, hitsAddend: undefined },
      ],
      hitsAddend: 1,
    });
  });
});

describe('ApiRateLimiter', () => {
  it('limits per token, then refuses with Retry-After at the end of the window', async () => {
    const { limiter, stat } = harness();
    const caller = (address: string) => ({ address, token: 'tok' });
    const first = await limiter.decide('graphql', caller('192.0.2.1'), {});
    expect(first).toEqual({
      allowed: true,
      headers: [
        ['RateLimit-Limit', '2'],
        ['RateLimit-Remaining', '1'],
        ['RateLimit-Reset', '30'],
      ],
      retryAfterSeconds: undefined,
    });
    expect((await limiter.decide('graphql', caller('192.0.2.2'), {})).allowed).toBe(true);
    const third = await limiter.decide('graphql', caller('192.0.2.3'), {});
    expect(third).toEqual({
      allowed: false,
      headers: [
        ['RateLimit-Limit', '2'],
        ['RateLimit-Remaining', '0'],
        ['RateLimit-Reset', '30'],
      ],
      retryAfterSeconds: 30,
    });
    expect(stat('ratelimit.api_guard.graphql.ok')).toBe(2);
    expect(stat('ratelimit.api_guard.graphql.over_limit')).toBe(1);
    // The limiter's own per-rule statistics count these decisions too.
    expect(stat('ratelimit.service.rate_limit.api.api_graphql.token.over_limit')).toBe(1);
  });

  it('limits per address; the refusal waits for the hourly window', async () => {
    const { limiter } = harness();
    const anonymous = { address: '192.0.2.9', token: undefined };
    for (let i = 0; i < 3; i++) {
      expect((await limiter.decide('graphql', anonymous, {})).allowed).toBe(true);
    }
    const refused = await limiter.decide('graphql', anonymous, {});
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(3570);
    expect(refused.headers[0]).toEqual(['RateLimit-Limit', '3']);
    expect(
      (await limiter.decide('graphql', { address: '192.0.2.10', token: undefined }, {})).allowed,
    ).toBe(true);
  });

  it('honours shadow-mode rules: over the limit but allowed', async () => {
    const { limiter } = harness();
    const caller = { address: '192.0.2.1', token: undefined };
    await limiter.decide('teams', caller, {});
    const second = await limiter.decide('teams', caller, {});
    expect(second.allowed).toBe(true);
    expect(second.headers).toContainEqual(['RateLimit-Remaining', '0']);
  });

  it('without a matching rule allows without headers', async () => {
    const { limiter } = harness({ API_RATE_LIMIT_DOMAIN: 'other' });
    expect(await limiter.decide('graphql', { address: '192.0.2.1', token: 'x' }, {})).toEqual({
      allowed: true,
      headers: [],
      retryAfterSeconds: undefined,
    });
  });

  it('writes the headers API_RATE_LIMIT_HEADERS asks for', async () => {
    const { limiter } = harness({ API_RATE_LIMIT_HEADERS: 'envoy' });
    const verdict = await limiter.decide('graphql', { address: '192.0.2.1', token: 't' }, {});
    expect(verdict.headers).toEqual([
      ['X-RateLimit-Limit', '2, 3;w=3600, 2;w=60'],
      ['X-RateLimit-Remaining', '1'],
      ['X-RateLimit-Reset', '30'],
    ]);
  });

  it('fails open when the store is down or no rules are loaded, counted', async () => {
    const { limiter, store, stat } = harness();
    store.down = true;
    const caller = { address: '192.0.2.1', token: 'tok' };
    for (let i = 0; i < 5; i++) {
      expect(await limiter.decide('graphql', caller, {})).toEqual({
        allowed: true,
        headers: [],
        retryAfterSeconds: undefined,
      });
    }
    expect(stat('ratelimit.api_guard.graphql.error')).toBe(5);
    expect(stat('ratelimit.api_guard.graphql.failure_mode_allowed')).toBe(5);
    expect(stat('ratelimit.service.call.should_rate_limit.redis_error')).toBe(5);
    store.down = false;
    expect((await limiter.decide('graphql', caller, {})).headers).toContainEqual([
      'RateLimit-Remaining',
      '1',
    ]);

    const unconfigured = harness({}, null);
    expect((await unconfigured.limiter.decide('teams', caller, {})).allowed).toBe(true);
    expect(unconfigured.stat('ratelimit.api_guard.teams.failure_mode_allowed')).toBe(1);
  });
});
