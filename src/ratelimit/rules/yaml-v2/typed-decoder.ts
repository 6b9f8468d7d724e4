// Step 3 of reading a rule file: the typed decode into YamlRoot / YamlDescriptor / YamlRateLimit,
// like yaml.v2 (the Go structs of upstream's config package).

import type { RateLimitDocument, RuleDescriptorDocument, RuleDocument } from '../document';
import { GO_TYPE, mismatchText, unmarshalFailure } from './error-texts';
import { INT64_MAX, INT64_MIN, UINT32_MAX } from './go-scalar';
import { isNullNode, type MapNode, type ScalarNode, type TreeNode } from './tree-node';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const ZERO_RATE_LIMIT: RateLimitDocument = {
  unit: '',
  requestsPerUnit: 0,
  unlimited: false,
  name: '',
  replaces: [],
  unitMultiplier: undefined,
  algorithm: '',
  burst: undefined,
};

/** Collects every type mismatch (yaml.v2 keeps going) and reports them together at the end. */
export class TypedDecoder {
  private readonly errors: string[] = [];

  decodeRoot(map: MapNode): RuleDocument {
    const root: Mutable<RuleDocument> = { domain: '', descriptors: [] };
    this.fields(map, {
      domain: (v) => (root.domain = this.string(v)),
      descriptors: (v) => (root.descriptors = this.descriptorList(v)),
    });
    if (this.errors.length > 0) throw unmarshalFailure(this.errors);
    return root;
  }

  private descriptorList(node: TreeNode): RuleDescriptorDocument[] {
    return this.list(node, GO_TYPE.descriptorList, (item) => this.descriptor(item));
  }

  private descriptor(node: TreeNode): RuleDescriptorDocument {
    const descriptor: Mutable<RuleDescriptorDocument> = {
      key: '',
      value: '',
      rateLimit: null,
      rateLimits: null,
      descriptors: [],
      shadowMode: false,
      quotaMode: false,
      detailedMetric: false,
      valueToMetric: false,
      shareThreshold: false,
      metadata: null,
    };
    if (node.kind !== 'map') {
      if (!isNullNode(node)) this.mismatch(node, GO_TYPE.descriptor);
      return descriptor;
    }
    this.fields(node, {
      key: (v) => (descriptor.key = this.string(v)),
      value: (v) => (descriptor.value = this.string(v)),
      rate_limit: (v) => (descriptor.rateLimit = this.rateLimit(v, descriptor.rateLimit)),
      rate_limits: (v) => (descriptor.rateLimits = this.rateLimitList(v)),
      descriptors: (v) => (descriptor.descriptors = this.descriptorList(v)),
      shadow_mode: (v) => (descriptor.shadowMode = this.bool(v)),
      quota_mode: (v) => (descriptor.quotaMode = this.bool(v)),
      detailed_metric: (v) => (descriptor.detailedMetric = this.bool(v)),
      value_to_metric: (v) => (descriptor.valueToMetric = this.bool(v)),
      share_threshold: (v) => (descriptor.shareThreshold = this.bool(v)),
      metadata: (v) => (descriptor.metadata = this.metadata(v, descriptor.metadata)),
    });
    return descriptor;
  }

  /** `current` matters for a repeated `rate_limit` key: yaml.v2 decodes into the same struct. */
  private rateLimit(node: TreeNode, current: RateLimitDocument | null): RateLimitDocument | null {
    if (isNullNode(node)) return null;
    if (node.kind !== 'map') {
      this.mismatch(node, GO_TYPE.rateLimit);
      return current;
    }
    const limit: Mutable<RateLimitDocument> = { ...(current ?? ZERO_RATE_LIMIT) };
    this.fields(node, {
      requests_per_unit: (v) => (limit.requestsPerUnit = this.uint32(v)),
      unit: (v) => (limit.unit = this.string(v)),
      unlimited: (v) => (limit.unlimited = this.bool(v)),
      name: (v) => (limit.name = this.string(v)),
      replaces: (v) => (limit.replaces = this.replacesList(v)),
      unit_multiplier: (v) => (limit.unitMultiplier = this.int(v)),
      algorithm: (v) => (limit.algorithm = this.string(v)),
      burst: (v) => (limit.burst = this.uint32(v)),
    });
    return limit;
  }

  /** `rate_limits`: a list of `rate_limit` maps; null items stay out (the compiler sees them all). */
  private rateLimitList(node: TreeNode): RateLimitDocument[] | null {
    if (isNullNode(node)) return null;
    if (node.kind !== 'seq') {
      this.mismatch(node, GO_TYPE.rateLimitList);
      return null;
    }
    return node.items.map((item) => this.rateLimit(item, null) ?? ZERO_RATE_LIMIT);
  }

  private replacesList(node: TreeNode): { name: string }[] {
    return this.list(node, GO_TYPE.replacesList, (item) => this.replaces(item));
  }

  private replaces(node: TreeNode): { name: string } {
    const entry = { name: '' };
    if (node.kind === 'map') {
      this.fields(node, { name: (v) => (entry.name = this.string(v)) });
    } else if (!isNullNode(node)) {
      this.mismatch(node, GO_TYPE.replaces);
    }
    return entry;
  }

  /** `current` matters for a repeated `metadata` key: yaml.v2 adds to the map it already made. */
  private metadata(
    node: TreeNode,
    current: Readonly<Record<string, unknown>> | null,
  ): Readonly<Record<string, unknown>> | null {
    if (isNullNode(node)) return null;
    if (node.kind !== 'map') {
      this.mismatch(node, GO_TYPE.metadata);
      return current;
    }
    const metadata: Record<string, unknown> = { ...current };
    for (const { key, value } of node.pairs) {
      setOwn(metadata, goString(key), toPlain(value));
    }
    return metadata;
  }

  /** Struct decoding: pairs in order, unknown names ignored, a later duplicate overwrites. */
  private fields(map: MapNode, decoders: Record<string, (value: TreeNode) => void>): void {
    for (const { key, value } of map.pairs) {
      const name = goString(key);
      if (Object.hasOwn(decoders, name)) decoders[name](value);
    }
  }

  private list<T>(node: TreeNode, goType: string, decodeItem: (item: TreeNode) => T): T[] {
    if (node.kind === 'seq') return node.items.map(decodeItem);
    if (!isNullNode(node)) this.mismatch(node, goType);
    return [];
  }

  /** Any scalar fits a Go string (yaml.v2 stores its text); null is "". */
  private string(node: TreeNode): string {
    if (node.kind === 'scalar') return goString(node);
    this.mismatch(node, GO_TYPE.string);
    return '';
  }

  private uint32(node: TreeNode): number {
    if (node.kind === 'scalar') {
      const { value } = node;
      if (value === null) return 0;
      if (typeof value === 'bigint' && value >= 0n && value <= UINT32_MAX) return Number(value);
    }
    this.mismatch(node, GO_TYPE.uint32);
    return 0;
  }

  /** A signed integer, so that 0 and negative multipliers get the compiler's clearer message. */
  private int(node: TreeNode): number | undefined {
    if (node.kind === 'scalar') {
      const { value } = node;
      if (value === null) return undefined;
      if (typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX) {
        return Number(value);
      }
    }
    this.mismatch(node, GO_TYPE.int);
    return undefined;
  }

  private bool(node: TreeNode): boolean {
    if (node.kind === 'scalar') {
      const { value } = node;
      if (value === null) return false;
      if (typeof value === 'boolean') return value;
    }
    this.mismatch(node, GO_TYPE.bool);
    return false;
  }

  private mismatch(node: TreeNode, goType: string): void {
    this.errors.push(mismatchText(node, goType));
  }
}

/** What yaml.v2 stores into a Go string: the text as written (a `!!binary` scalar decoded). */
function goString(node: ScalarNode): string {
  if (node.value === null) return '';
  return node.tag === '!!binary' && typeof node.value === 'string' ? node.value : node.text;
}

/** JSON-compatible copy of a metadata subtree. */
function toPlain(node: TreeNode): unknown {
  switch (node.kind) {
    case 'map': {
      const object: Record<string, unknown> = {};
      for (const { key, value } of node.pairs) setOwn(object, goString(key), toPlain(value));
      return object;
    }
    case 'seq':
      return node.items.map(toPlain);
    case 'scalar':
      return typeof node.value === 'bigint' ? Number(node.value) : node.value;
  }
}

/** Plain assignment would treat a `__proto__` key as the prototype. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
