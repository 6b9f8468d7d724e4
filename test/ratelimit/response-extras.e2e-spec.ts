import * as grpc from '@grpc/grpc-js';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';

const RULES = `
domain: extras
descriptors:
  - key: tenant
    metadata: {team: payments, owner: {name: alice}}
    rate_limit: {unit: hour, requests_per_unit: 2}
`;

describe('response headers and dynamic metadata on the wire', () => {
  let service: ServiceProcess;
  let client: grpc.Client;

  beforeAll(async () => {
    service = await startService({
      ...ruleDirectory({ 'extras.yaml': RULES }),
      LIMIT_RESPONSE_HEADERS_ENABLED: 'true',
      RESPONSE_DYNAMIC_METADATA: 'true',
    });
    client = rateLimitClient(service.grpcAddress);
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
  });

  it('gRPC carries the RateLimit-* headers and the metadata Struct', async () => {
    await withinOneWindow(3600, 10);
    const response = await unary<{
      responseHeadersToAdd: { key: string; value: string }[];
      dynamicMetadata: { fields: Record<string, unknown> };
    }>(client, 'ShouldRateLimit', {
      domain: 'extras',
      descriptors: [{ entries: [{ key: 'tenant', value: 'grpc' }] }],
    });
    expect(response.responseHeadersToAdd.map((h) => [h.key, h.value])).toEqual([
      ['RateLimit-Limit', '2'],
      ['RateLimit-Remaining', '1'],
      ['RateLimit-Reset', expect.stringMatching(/^\d+$/)],
      ['RateLimit-Policy', '"tenant_0";q=2;w=3600'],
      ['RateLimit', expect.stringMatching(/^"tenant_0";r=1;t=\d+$/)],
    ]);
    expect(response.dynamicMetadata.fields).toMatchObject({
      domain: { stringValue: 'extras' },
      metadata: {
        structValue: {
          fields: {
            team: { stringValue: 'payments' },
            owner: { structValue: { fields: { name: { stringValue: 'alice' } } } },
          },
        },
      },
    });
  });

  it('/json carries them in the proto3 JSON mapping', async () => {
    await withinOneWindow(3600, 10);
    const response = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body: JSON.stringify({
        domain: 'extras',
        descriptors: [{ entries: [{ key: 'tenant', value: 'http' }] }],
      }),
    });
    expect(await response.json()).toMatchObject({
      responseHeadersToAdd: [
        { key: 'RateLimit-Limit', value: '2' },
        { key: 'RateLimit-Remaining', value: '1' },
        { key: 'RateLimit-Reset', value: expect.stringMatching(/^\d+$/) },
        { key: 'RateLimit-Policy', value: '"tenant_0";q=2;w=3600' },
        { key: 'RateLimit', value: expect.stringMatching(/^"tenant_0";r=1;t=\d+$/) },
      ],
      dynamicMetadata: {
        domain: 'extras',
        descriptors: [{ entries: ['tenant=http'] }],
        metadata: { team: 'payments', owner: { name: 'alice' } },
      },
    });
  });
});
