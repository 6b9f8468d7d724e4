import {
  DiscoveryRequestMessage,
  INVALID_ARGUMENT,
  NodeMessage,
  RATE_LIMIT_CONFIG_TYPE_URL,
} from './xds-proto';

/** The node the management server sees: CONFIG_GRPC_XDS_NODE_ID, metadata values as strings. */
export function xdsNode(id: string, metadata: Readonly<Record<string, string>>): NodeMessage {
  const fields: NodeMessage['metadata']['fields'] = {};
  for (const [key, value] of Object.entries(metadata)) fields[key] = { stringValue: value };
  return { id, metadata: { fields } };
}

/**
 * The first request of every stream: a wildcard subscription (no resource names) with no version
 * and no nonce, so the server sends its current snapshot whatever we held before.
 */
export function subscribeRequest(node: NodeMessage): DiscoveryRequestMessage {
  return request(node, '', '');
}

/** Accepts the response: its version is now ours. */
export function ackRequest(
  node: NodeMessage,
  version: string,
  nonce: string,
): DiscoveryRequestMessage {
  return request(node, version, nonce);
}

/** Rejects the response: the version stays the last accepted one, the error says why. */
export function nackRequest(
  node: NodeMessage,
  lastAcceptedVersion: string,
  nonce: string,
  error: string,
): DiscoveryRequestMessage {
  return {
    ...request(node, lastAcceptedVersion, nonce),
    errorDetail: { code: INVALID_ARGUMENT, message: error },
  };
}

function request(node: NodeMessage, version: string, nonce: string): DiscoveryRequestMessage {
  return {
    versionInfo: version,
    node,
    resourceNames: [],
    typeUrl: RATE_LIMIT_CONFIG_TYPE_URL,
    responseNonce: nonce,
  };
}
