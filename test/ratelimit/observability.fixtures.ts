import * as grpc from '@grpc/grpc-js';
import { ServiceProcess } from '../support/service-process';

/** The rules, requests and call helpers the statistics and tracing suites share. */

export const RULES = `
domain: obs
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 3}
  - key: client
    rate_limit: {unit: day, requests_per_unit: 10}
  - key: route
    value: api
    descriptors:
      - key: method
        rate_limit: {unit: day, requests_per_unit: 100}
`;
export const FAST_FLUSH = { STATS_FLUSH_INTERVAL: '200ms' };

const entries = (...pairs: [string, string][]) => ({
  entries: pairs.map(([key, value]) => ({ key, value })),
});
export const ALICE = { domain: 'obs', descriptors: [entries(['user', 'alice'])] };
export const WEB = { domain: 'obs', descriptors: [entries(['client', 'web'])] };
export const ROUTE = { domain: 'obs', descriptors: [entries(['route', 'api'], ['method', 'GET'])] };

export interface Decision {
  overallCode: string;
}

/** A unary call with metadata (the shared helper sends none). */
export function callWithMetadata<T>(
  client: grpc.Client,
  method: string,
  request: unknown,
  metadata: grpc.Metadata,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const call = (client as unknown as Record<string, grpc.requestCallback<T> | undefined>)[
      method
    ] as unknown as (
      this: grpc.Client,
      request: unknown,
      metadata: grpc.Metadata,
      callback: (error: grpc.ServiceError | null, response: T) => void,
    ) => void;
    call.call(client, request, metadata, (error, response) =>
      error ? reject(error) : resolve(response),
    );
  });
}

export async function postJson(
  service: ServiceProcess,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${service.httpUrl}/json`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}
