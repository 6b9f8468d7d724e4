import { createHmac } from 'node:crypto';
import { PUBLIC_ACCESS_TOKEN } from '../infra/http/craft-request/public-access-token';
import { findBearerToken } from '../infra/http/craft-request/bearer-token';
import { SchemaRequestHeaders } from '../infra/http/craft-request/schema-request-headers';
import { parseAuthorization } from '../identity';

/*
 * The `token` descriptor value: who the caller claims to be, never a secret. A bearer token (a
 * GraphQL access token, a service account token) is hashed: tokens are long random strings, so
 * the hash cannot be turned back. A Basic password is not: a fast hash of a password kept as a
 * counter key could be brute-forced by anyone reading the counter store, so Basic auth counts
 * per login instead. The claim is not verified here (this runs before authentication): a wrong
 * password still counts against that login, which is what slows guessing down.
 *
 * The hash is an HMAC with the installation's key (guard-key.ts): without it nobody can
 * compute the value of a login or a token, and so cannot name the counter of someone else.
 */

/** 128 bits of HMAC-SHA-256 in hex: short counter keys, no practical collisions. */
const HASH_HEX_LENGTH = 32;

export function tokenValue(key: Uint8Array, kind: 'bearer' | 'login', credential: string): string {
  return createHmac('sha256', key)
    .update(`api-rate-limit\0${kind}\0${credential}`)
    .digest('hex')
    .slice(0, HASH_HEX_LENGTH);
}

/**
 * The GraphQL caller, read as schema selection reads it: the first Bearer token of
 * `X-Craft-Authorization` (when present) or `Authorization`; `__PUBLIC__` is anonymous. Without a
 * Bearer token, the login of a Basic `Authorization` (admins previewing with X-Craft-Gql-Schema).
 */
export function graphqlCallerToken(
  key: Uint8Array,
  headers: Pick<SchemaRequestHeaders, 'authorization' | 'craftAuthorization'>,
): string | undefined {
  const bearer = findBearerToken(headers.craftAuthorization ?? headers.authorization);
  if (bearer !== undefined) {
    return bearer === PUBLIC_ACCESS_TOKEN ? undefined : tokenValue(key, 'bearer', bearer);
  }
  const basic = headers.authorization.find((value) => /^\s*basic\s/i.test(value));
  return basic === undefined ? undefined : teamsCallerToken(key, basic);
}

/**
 * The teams API caller, read as the authenticator reads `Authorization`: Basic counts per login
 * (case-insensitive), a service account token (Bearer, or Basic as `api_key`) per token hash.
 * Absent or unreadable credentials give no token: the address limit still applies.
 */
export function teamsCallerToken(
  key: Uint8Array,
  authorization: string | undefined,
): string | undefined {
  const credentials = parseAuthorization(authorization);
  if (credentials.kind === 'bearer') return tokenValue(key, 'bearer', credentials.token);
  if (credentials.kind === 'basic') {
    return tokenValue(key, 'login', credentials.login.toLowerCase());
  }
  return undefined;
}
