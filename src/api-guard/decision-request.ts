import { RateLimitRequest, RequestDescriptor, Entry } from '../ratelimit';
import { ProtectedApi } from '../settings/api-guard.settings';

/** Who is calling: both parts are optional (no credential; a socket already gone). */
export interface ApiCaller {
  /** The client address (`remote_address`). */
  readonly address: string | undefined;
  /** The hashed credential (`token`). */
  readonly token: string | undefined;
}

/**
 * The one decision of an API request. Every descriptor starts with `api`, so rules nest under
 * `key: api, value: graphql|teams`:
 * - `[api]`: the whole API;
 * - `[api, remote_address]`: per client address;
 * - `[api, token]`: per credential, only when the request carries one.
 * A descriptor no rule matches costs nothing in the store.
 */
export function apiDecisionRequest(
  domain: string,
  api: ProtectedApi,
  caller: ApiCaller,
): RateLimitRequest {
  const apiEntry: Entry = { key: 'api', value: api };
  const descriptors: RequestDescriptor[] = [descriptor([apiEntry])];
  if (caller.address !== undefined) {
    descriptors.push(descriptor([apiEntry, { key: 'remote_address', value: caller.address }]));
  }
  if (caller.token !== undefined) {
    descriptors.push(descriptor([apiEntry, { key: 'token', value: caller.token }]));
  }
  return { domain, descriptors, hitsAddend: 1 };
}

function descriptor(entries: Entry[]): RequestDescriptor {
  return { entries, limit: undefined, hitsAddend: undefined };
}
