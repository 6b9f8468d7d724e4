import { NamedRuleDocument } from '../../rules/compiler';
import { RateLimitDocument, RuleDescriptorDocument } from '../../rules/document';
import {
  RateLimitConfigMessage,
  RateLimitDescriptorMessage,
  RateLimitPolicyMessage,
  StructMessage,
  ValueMessage,
} from './xds-proto';

/**
 * A RateLimitConfig resource as the rule document a YAML file would give (docs/xds.md): the
 * resource `name` labels errors as a file name does, the unit is the enum's name so the compiler
 * rejects UNKNOWN with upstream's text, and the YAML-only flags (value_to_metric, share_threshold)
 * are off.
 */
export function toNamedRuleDocument(config: RateLimitConfigMessage): NamedRuleDocument {
  return {
    name: config.name ?? '',
    document: {
      domain: config.domain ?? '',
      descriptors: config.descriptors.map(toDescriptor),
    },
  };
}

function toDescriptor(descriptor: RateLimitDescriptorMessage): RuleDescriptorDocument {
  return {
    key: descriptor.key ?? '',
    value: descriptor.value ?? '',
    rateLimit: descriptor.rateLimit === undefined ? null : toRateLimit(descriptor.rateLimit),
    // Proto3 cannot tell an empty list from an absent one: empty means "not set".
    rateLimits: descriptor.rateLimits.length === 0 ? null : descriptor.rateLimits.map(toRateLimit),
    descriptors: descriptor.descriptors.map(toDescriptor),
    shadowMode: descriptor.shadowMode ?? false,
    quotaMode: descriptor.quotaMode ?? false,
    detailedMetric: descriptor.detailedMetric ?? false,
    valueToMetric: false,
    shareThreshold: false,
    metadata: descriptor.metadata === undefined ? null : structToPlain(descriptor.metadata),
  };
}

function toRateLimit(policy: RateLimitPolicyMessage): RateLimitDocument {
  return {
    // Proto3 does not send the zero value, so an absent unit is UNKNOWN. A number the enum does
    // not define prints as that number, as Go's enum String() does.
    unit: policy.unit === undefined ? 'UNKNOWN' : String(policy.unit),
    requestsPerUnit: policy.requestsPerUnit ?? 0,
    unlimited: policy.unlimited ?? false,
    name: policy.name ?? '',
    replaces: policy.replaces.map((replace) => ({ name: replace.name ?? '' })),
    // Zero is proto3's "absent": the defaults apply.
    unitMultiplier: policy.unitMultiplier || undefined,
    algorithm: policy.algorithm ?? '',
    burst: policy.burst || undefined,
  };
}

/** google.protobuf.Struct to the plain JSON object it represents. */
export function structToPlain(struct: StructMessage): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(struct.fields)) {
    // defineProperty: a plain assignment would treat a `__proto__` key as the prototype.
    Object.defineProperty(object, key, {
      value: valueToPlain(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

function valueToPlain(value: ValueMessage): unknown {
  switch (value.kind) {
    case 'numberValue':
      return value.numberValue;
    case 'stringValue':
      return value.stringValue;
    case 'boolValue':
      return value.boolValue;
    case 'structValue':
      return value.structValue === undefined ? {} : structToPlain(value.structValue);
    case 'listValue':
      return (value.listValue?.values ?? []).map(valueToPlain);
    case 'nullValue':
    case undefined:
      // A Value with no kind set: protobuf's JSON mapping also reads it as null.
      return null;
  }
}
