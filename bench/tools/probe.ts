import { rateLimitClient } from './grpc-client';
import { Service } from './service-launcher';

/**
 * Why a request would not measure a full decision on this service, or undefined when it would:
 * every descriptor must come back OK with a limit (a gRPC error travels in trailers h2load does
 * not read, so an error answered fast would otherwise look like a fast service).
 */
export async function grpcProblem(service: Service, request: unknown): Promise<string | undefined> {
  const client = rateLimitClient(service.grpcAddress);
  try {
    const response = await client.shouldRateLimit(request);
    if (response.overallCode !== 'OK') return `overall code ${response.overallCode}`;
    if (response.statuses.some((status) => !status.currentLimit)) {
      return 'a descriptor matched no rule';
    }
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return configErrors(service)[0] ?? reason;
  } finally {
    client.close();
  }
}

/** The same over `POST /json`. */
export async function jsonProblem(service: Service, body: string): Promise<string | undefined> {
  const response = await fetch(`${service.httpUrl}/json`, { method: 'POST', body });
  const text = await response.text();
  if (response.status !== 200) {
    return configErrors(service)[0] ?? `/json answered ${response.status} ${text}`;
  }
  return undefined;
}

/**
 * The rule loader's complaints in the service's output (why rules were refused), without the
 * log line's time, level and context.
 */
export function configErrors(service: Service): string[] {
  return service
    .output()
    .split('\n')
    .map((line) => /(config error.*?|error loading.*?)\s*(\{.*\})?$/i.exec(line)?.[1])
    .filter((reason): reason is string => reason !== undefined);
}

/** Whether a `MODULES=ratelimit` process really left the other modules out (`/graphql` is 404). */
export async function modulesHonoured(service: Service): Promise<boolean> {
  const response = await fetch(`${service.httpUrl}/graphql?query=%7B__typename%7D`);
  await response.arrayBuffer();
  return response.status === 404;
}
