import {
  loadSync,
  MessageTypeDefinition,
  MethodDefinition,
  ServiceDefinition,
} from '@grpc/proto-loader';
import { PROTO_ROOT } from '../../transport/grpc/server.options';

/** The only resource type the rate limit service subscribes to. */
export const RATE_LIMIT_CONFIG_TYPE_URL =
  'type.googleapis.com/ratelimit.config.ratelimit.v3.RateLimitConfig';
export const RATE_LIMIT_CONFIG_MESSAGE = 'ratelimit.config.ratelimit.v3.RateLimitConfig';

/** google.rpc.Code INVALID_ARGUMENT: what a NACK reports for a configuration we reject. */
export const INVALID_ARGUMENT = 3;

/*
 * Shapes of the messages as @grpc/proto-loader gives them with the options below: camelCase field
 * names, enums as names, no defaults (so a field that is absent is undefined, which Struct values
 * need to tell their kinds apart), repeated fields always arrays, oneofs named by `kind`. The
 * well-known google.protobuf types come from protobufjs with their own field names (`type_url`).
 */

export interface AnyMessage {
  type_url?: string;
  value?: Buffer;
}

export interface StructMessage {
  fields: Record<string, ValueMessage>;
}

export interface ValueMessage {
  kind?: 'nullValue' | 'numberValue' | 'stringValue' | 'boolValue' | 'structValue' | 'listValue';
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  structValue?: StructMessage;
  listValue?: { values: ValueMessage[] };
}

export interface NodeMessage {
  id: string;
  metadata: StructMessage;
}

export interface DiscoveryRequestMessage {
  versionInfo: string;
  node: NodeMessage;
  resourceNames: string[];
  typeUrl: string;
  responseNonce: string;
  errorDetail?: { code: number; message: string };
}

export interface DiscoveryResponseMessage {
  versionInfo?: string;
  resources: AnyMessage[];
  typeUrl?: string;
  nonce?: string;
}

export interface RateLimitConfigMessage {
  name?: string;
  domain?: string;
  descriptors: RateLimitDescriptorMessage[];
}

export interface RateLimitDescriptorMessage {
  key?: string;
  value?: string;
  rateLimit?: RateLimitPolicyMessage;
  descriptors: RateLimitDescriptorMessage[];
  shadowMode?: boolean;
  detailedMetric?: boolean;
  quotaMode?: boolean;
  metadata?: StructMessage;
  /** This service's extension (field 1001). */
  rateLimits: RateLimitPolicyMessage[];
}

export interface RateLimitPolicyMessage {
  /** The enum name; a number the enum does not define stays a number. Absent means UNKNOWN (0). */
  unit?: string | number;
  requestsPerUnit?: number;
  unlimited?: boolean;
  name?: string;
  replaces: { name?: string }[];
  /** This service's extensions (fields 1001-1003); 0 / "" when absent. */
  unitMultiplier?: number;
  algorithm?: string;
  burst?: number;
}

const definition = loadSync(
  ['envoy/service/discovery/v3/ads.proto', 'ratelimit/config/ratelimit/v3/rls_conf.proto'],
  {
    includeDirs: [PROTO_ROOT],
    keepCase: false,
    longs: Number,
    enums: String,
    defaults: false,
    arrays: true,
    objects: true,
    oneofs: true,
  },
);

const adsService = definition[
  'envoy.service.discovery.v3.AggregatedDiscoveryService'
] as ServiceDefinition;

/** `StreamAggregatedResources`: its path and (de)serialisers, for `Client.makeBidiStreamRequest`. */
export const STREAM_AGGREGATED_RESOURCES = adsService.StreamAggregatedResources as MethodDefinition<
  DiscoveryRequestMessage,
  DiscoveryResponseMessage
>;

const rateLimitConfigType = definition[RATE_LIMIT_CONFIG_MESSAGE] as MessageTypeDefinition<
  RateLimitConfigMessage,
  RateLimitConfigMessage
>;

/** Decodes a RateLimitConfig; throws on bytes that are not a valid message. */
export function decodeRateLimitConfig(bytes: Buffer): RateLimitConfigMessage {
  return rateLimitConfigType.deserialize(bytes);
}
