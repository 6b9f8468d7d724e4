import { loadSync, MessageTypeDefinition } from '@grpc/proto-loader';
import { PROTO_ROOT } from '../../transport/grpc/server.options';
import { AnyMessage, RATE_LIMIT_CONFIG_MESSAGE, RATE_LIMIT_CONFIG_TYPE_URL } from './xds-proto';

/* Encoding for the specs: what a management server puts on the wire. */

const rateLimitConfigType = loadSync('ratelimit/config/ratelimit/v3/rls_conf.proto', {
  includeDirs: [PROTO_ROOT],
  keepCase: false,
})[RATE_LIMIT_CONFIG_MESSAGE] as MessageTypeDefinition<object, object>;

/** A RateLimitConfig in protobuf's object form (camelCase fields, enum names or numbers). */
export function encodeRateLimitConfig(config: object): Buffer {
  return rateLimitConfigType.serialize(config);
}

/** The config packed as an Any resource. */
export function packRateLimitConfig(config: object): AnyMessage {
  return { type_url: RATE_LIMIT_CONFIG_TYPE_URL, value: encodeRateLimitConfig(config) };
}
