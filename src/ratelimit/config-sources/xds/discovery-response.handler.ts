import { RuleLoadResult } from '../../config/rule-loader.service';
import { NamedRuleDocument } from '../../rules/compiler';
import { toNamedRuleDocument } from './rate-limit-config.converter';
import {
  AnyMessage,
  decodeRateLimitConfig,
  DiscoveryResponseMessage,
  RATE_LIMIT_CONFIG_MESSAGE,
} from './xds-proto';

/** What to answer a response with, and whether a configuration event (a load) happened. */
export type ResponseVerdict =
  | { readonly ack: true }
  | { readonly ack: false; readonly error: string; readonly loadAttempted: boolean };

/**
 * One DiscoveryResponse is the complete new state: every resource is unpacked first (one that
 * cannot be is a NACK and nothing is loaded, as upstream), then all are loaded as one set, each
 * resource standing for one rule file.
 */
export function handleDiscoveryResponse(
  response: DiscoveryResponseMessage,
  load: (produce: () => readonly NamedRuleDocument[]) => RuleLoadResult,
): ResponseVerdict {
  let documents: NamedRuleDocument[];
  try {
    documents = response.resources.map((resource, index) =>
      toNamedRuleDocument(unpack(resource, index)),
    );
  } catch (error) {
    return { ack: false, error: errorText(error), loadAttempted: false };
  }
  const result = load(() => documents);
  return result.loaded ? { ack: true } : { ack: false, error: result.error, loadAttempted: true };
}

/** The resource's Any as a RateLimitConfig; the type is checked by its name after the last `/`. */
function unpack(resource: AnyMessage, index: number) {
  const typeUrl = resource.type_url ?? '';
  const typeName = typeUrl.slice(typeUrl.lastIndexOf('/') + 1);
  if (typeName !== RATE_LIMIT_CONFIG_MESSAGE) {
    throw new Error(
      `resource ${index}: mismatched message type: got '${typeUrl}', want '${RATE_LIMIT_CONFIG_MESSAGE}'`,
    );
  }
  try {
    return decodeRateLimitConfig(resource.value ?? Buffer.alloc(0));
  } catch (error) {
    throw new Error(
      `resource ${index}: cannot unpack ${RATE_LIMIT_CONFIG_MESSAGE}: ${errorText(error)}`,
    );
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
