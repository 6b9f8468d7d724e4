import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';
import { E2E_RULES } from './rules';

describe('HTTP /json, /healthcheck and the debug listener over real sockets', () => {
  let service: ServiceProcess;
  const post = (body: string, contentType = 'application/json') =>
    fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
    });

  beforeAll(async () => {
    service = await startService(ruleDirectory({ 'e2e.yaml': E2E_RULES }));
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('answers 200 with the proto3 JSON mapping, then 429 once over the limit', async () => {
    await withinOneWindow(3600, 5);
    const body = JSON.stringify({
      domain: 'e2e',
      descriptors: [{ entries: [{ key: 'path', value: '/login' }] }],
    });
    const first = await post(body);
    expect(first.status).toBe(200);
    const json = (await first.json()) as { statuses: { durationUntilReset: string }[] };
    expect(json).toEqual({
      overallCode: 'OK',
      statuses: [
        {
          code: 'OK',
          currentLimit: { requestsPerUnit: 3, unit: 'HOUR', name: 'login' },
          limitRemaining: 2,
          durationUntilReset: expect.stringMatching(/^\d+s$/),
        },
      ],
    });
    await post(body);
    const third = await post(body);
    expect(third.status).toBe(200);
    expect(((await third.json()) as { statuses: object[] }).statuses[0]).not.toHaveProperty(
      'limitRemaining',
    );
    const fourth = await post(body);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({
      overallCode: 'OVER_LIMIT',
      statuses: [{ code: 'OVER_LIMIT' }],
    });
  });

  it('accepts original proto field names, enum numbers and string integers', async () => {
    const response = await post(
      JSON.stringify({
        domain: 'e2e',
        hits_addend: '2',
        descriptors: [
          { entries: [{ key: 'k', value: 'v' }], limit: { requests_per_unit: 5, unit: 2 } },
        ],
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      statuses: [{ currentLimit: { requestsPerUnit: 5, unit: 'MINUTE' }, limitRemaining: 3 }],
    });
  });

  it('accepts a JSON body sent with curl -d (form content type)', async () => {
    const response = await post(
      JSON.stringify({ domain: 'nope', descriptors: [{ entries: [{ key: 'a', value: 'b' }] }] }),
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ overallCode: 'OK', statuses: [{ code: 'OK' }] });
  });

  it.each([
    ['malformed JSON', '{"domain":', 'application/json', /valid JSON/],
    ['malformed JSON without a JSON content type', '{"domain":', 'text/plain', /not valid JSON/],
    ['an empty body', '', 'text/plain', /expected a JSON RateLimitRequest object/],
    [
      'an unknown field',
      '{"domain":"e2e","descriptors":[],"extra":1}',
      'application/json',
      /unknown field "extra"/,
    ],
    [
      'an empty domain',
      '{"domain":"","descriptors":[{"entries":[{"key":"a","value":"b"}]}]}',
      'application/json',
      /^rate limit domain must not be empty$/,
    ],
    [
      'no descriptors',
      '{"domain":"e2e"}',
      'application/json',
      /^rate limit descriptor list must not be empty$/,
    ],
    [
      'a wrong type',
      '{"domain":5}',
      'application/json',
      /^invalid request: domain: expected a string$/,
    ],
    [
      'an override without a unit',
      '{"domain":"e2e","descriptors":[{"entries":[],"limit":{"requestsPerUnit":3}}]}',
      'application/json',
      /unit must be one of/,
    ],
    [
      'a huge descriptor list',
      JSON.stringify({
        domain: 'e2e',
        descriptors: Array.from({ length: 2000 }, () => ({
          entries: [{ key: 'user', value: 'x' }],
        })),
      }),
      'application/json',
      /^rate limit descriptor list has 2000 descriptors; at most 1000 are allowed$/,
    ],
  ])('answers 400 with a JSON message for %s', async (_name, body, contentType, message) => {
    const response = await post(body, contentType);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it('answers 413 for a body over 1 MiB and keeps serving', async () => {
    const response = await post(
      JSON.stringify({
        domain: 'e2e',
        descriptors: [{ entries: [{ key: 'a', value: 'x'.repeat(2 * 1024 * 1024) }] }],
      }),
    );
    expect(response.status).toBe(413);
    expect((await post('{"domain":"nope","descriptors":[{"entries":[]}]}')).status).toBe(200);
  });

  it('answers /healthcheck with 200 OK', async () => {
    const response = await fetch(`${service.httpUrl}/healthcheck`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('OK');
  });

  it('debug listener lists its endpoints and prints the loaded rules', async () => {
    const index = await (await fetch(`${service.debugUrl}/`)).text();
    expect(index).toContain(
      '/rlconfig: print out the currently loaded configuration for debugging\n',
    );
    const rules = await (await fetch(`${service.debugUrl}/rlconfig`)).text();
    expect(rules.split('\n')).toEqual(
      expect.arrayContaining([
        'e2e.user: unit=MINUTE requests_per_unit=20, shadow_mode: false, quota_mode: false',
        'e2e.internal: unit=UNKNOWN requests_per_unit=0, shadow_mode: false, quota_mode: false',
      ]),
    );
    const stats = await (await fetch(`${service.debugUrl}/stats`)).text();
    expect(stats).toMatch(/^ratelimit\.service\.config_load_success: 1$/m);
  });
});
