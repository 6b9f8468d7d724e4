import { formatGoFloat } from './go-float';
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  Scalar,
  visit,
  type Alias,
  type Document,
  type Node as YamlNode,
  type YAMLError,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';

import {
  RuleConfigError,
  type RateLimitDocument,
  type RuleDescriptorDocument,
  type RuleDocument,
} from './rule-document';

/**
 * Reads one rule file the way the upstream Go service does (spec §2.2 steps 1-3): a generic
 * yaml.v2 parse, the recursive key validation, then the typed decode into the config structs.
 * Every failure is a RuleConfigError with upstream's exact text, `<name>: <reason>`.
 */
export function parseRuleFile(name: string, text: string): RuleDocument {
  try {
    const root = loadGenericTree(text);
    validateKeys(root);
    return new TypedDecoder().decodeRoot(root);
  } catch (error) {
    if (error instanceof FileFailure) {
      throw new RuleConfigError(`${name}: ${error.message}`);
    }
    throw error;
  }
}

/** Key names accepted at any depth; upstream does not check where they appear. */
const VALID_KEYS: ReadonlySet<string> = new Set([
  'domain',
  'key',
  'value',
  'descriptors',
  'rate_limit',
  'unit',
  'requests_per_unit',
  'unlimited',
  'shadow_mode',
  'quota_mode',
  'name',
  'replaces',
  'detailed_metric',
  'value_to_metric',
  'share_threshold',
  'metadata',
  // This service's extensions (docs/algorithms.md): upstream refuses them as unknown keys, so no
  // file upstream accepts changes meaning.
  'rate_limits',
  'unit_multiplier',
  'algorithm',
  'burst',
]);

/** Go type names as yaml.v2 prints them in "cannot unmarshal" errors. */
const GO_TYPE = {
  genericMap: 'map[interface {}]interface {}',
  string: 'string',
  uint32: 'uint32',
  bool: 'bool',
  descriptorList: '[]config.YamlDescriptor',
  descriptor: 'config.YamlDescriptor',
  rateLimit: 'config.YamlRateLimit',
  rateLimitList: '[]config.YamlRateLimit',
  int: 'int',
  replacesList: '[]config.yamlReplaces',
  replaces: 'config.yamlReplaces',
  metadata: 'map[string]interface {}',
} as const;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;
const UINT32_MAX = 2n ** 32n - 1n;

/** A failure reason without the file name; parseRuleFile adds the `<name>: ` prefix. */
class FileFailure extends Error {}

function yamlFailure(detail: string): FileFailure {
  return new FileFailure(`error loading config file: yaml: ${detail}`);
}

function unmarshalFailure(lines: readonly string[]): FileFailure {
  return yamlFailure(`unmarshal errors:${lines.map((line) => `\n  ${line}`).join('')}`);
}

// ---------------------------------------------------------------------------------------------
// The value tree yaml.v2 decodes from: aliases resolved, merge keys (`<<`) expanded in place.
// ---------------------------------------------------------------------------------------------

/** What yaml.v2 stores into an interface{}: floats are numbers, integers bigints. */
type ScalarValue = string | bigint | number | boolean | null;

type TreeNode = MapNode | SeqNode | ScalarNode;

interface MapNode {
  readonly kind: 'map';
  readonly line: number;
  /** In document order, duplicates kept: generic maps keep the last, struct decoding sees all. */
  readonly pairs: readonly Pair[];
}

interface Pair {
  readonly key: ScalarNode;
  readonly value: TreeNode;
}

interface SeqNode {
  readonly kind: 'seq';
  readonly line: number;
  readonly items: readonly TreeNode[];
}

interface ScalarNode {
  readonly kind: 'scalar';
  /** 1-based line of the node, as yaml.v2 reports it. */
  readonly line: number;
  /** Short tag for error texts: !!str, !!int, !!bool, !!null, !!float, !!timestamp or custom. */
  readonly tag: string;
  readonly value: ScalarValue;
  /** The scalar text after quote processing; yaml.v2 stores it into Go strings. */
  readonly text: string;
}

// ---------------------------------------------------------------------------------------------
// Step 1: generic parse (yaml.Unmarshal into map[interface{}]interface{}).
// ---------------------------------------------------------------------------------------------

function loadGenericTree(text: string): MapNode {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, {
    version: '1.1', // yes/no/on/off are booleans, as in yaml.v2
    uniqueKeys: false, // yaml.v2 accepts duplicate keys; the later one wins
    intAsBigInt: true, // tells integers beyond int64 apart from floats
    prettyErrors: false,
    lineCounter: lines,
  });
  // yaml.v2 Unmarshal reads the first document only.
  const doc = docs[0];
  if (doc === undefined) {
    return { kind: 'map', line: 1, pairs: [] };
  }
  const [error] = doc.errors;
  if (error !== undefined) {
    throw yamlFailure(`line ${lines.linePos(error.pos[0]).line}: ${parseErrorReason(error)}`);
  }
  if (endsInUnclosedQuote(doc, text)) {
    throw yamlFailure(`line ${lines.linePos(text.length).line}: found unexpected end of stream`);
  }
  const root = new TreeBuilder(lines, resolveAliasTargets(doc)).build(doc.contents, 1);
  if (root.kind === 'map') {
    return root;
  }
  if (isNullNode(root)) {
    return { kind: 'map', line: root.line, pairs: [] };
  }
  throw unmarshalFailure([mismatchText(root, GO_TYPE.genericMap)]);
}

/** libyaml reports an unterminated quoted scalar as running into the end of the stream. */
function parseErrorReason(error: YAMLError): string {
  const unterminatedQuote = error.code === 'MISSING_CHAR' && /closing .?quote/.test(error.message);
  return unterminatedQuote ? 'found unexpected end of stream' : error.message;
}

/**
 * The yaml package takes a final `'''` or `"a\"` with no newline after it as closed; libyaml
 * runs into the end of the stream instead.
 */
function endsInUnclosedQuote(doc: Document, text: string): boolean {
  let unclosed = false;
  visit(doc, {
    Scalar(_key, node) {
      const quoted = node.type === Scalar.QUOTE_SINGLE || node.type === Scalar.QUOTE_DOUBLE;
      if (quoted && node.range?.[1] === text.length) {
        unclosed = !isClosedQuote(text.slice(node.range[0], node.range[1]));
      }
    },
  });
  return unclosed;
}

/** Whether a quoted scalar's source has its closing quote (`''` and `\"` are escapes). */
function isClosedQuote(source: string): boolean {
  const quote = source[0];
  for (let i = 1; i < source.length; i += 1) {
    if (quote === '"' && source[i] === '\\') {
      i += 1;
    } else if (source[i] === quote) {
      if (quote === '"' || source[i + 1] !== "'") return true;
      i += 1;
    }
  }
  return false;
}

/** Maps each alias to the last node anchored with its name before it (document order). */
function resolveAliasTargets(doc: Document): ReadonlyMap<Alias, YamlNode> {
  const anchors = new Map<string, YamlNode>();
  const targets = new Map<Alias, YamlNode>();
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target !== undefined) targets.set(node, target);
      } else if (node.anchor !== undefined) {
        anchors.set(node.anchor, node);
      }
    },
  });
  return targets;
}

/** yaml.v2's guard against alias bombs ("billion laughs"), same thresholds. */
function allowedAliasRatio(decodeCount: number): number {
  const low = 400_000;
  const high = 4_000_000;
  if (decodeCount <= low) return 0.99;
  if (decodeCount >= high) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - low) / (high - low));
}

class TreeBuilder {
  private readonly expanding = new Set<YamlNode>();
  private decodeCount = 0;
  private aliasCount = 0;
  private aliasDepth = 0;

  constructor(
    private readonly lines: LineCounter,
    private readonly aliasTargets: ReadonlyMap<Alias, YamlNode>,
  ) {}

  /** `fallbackLine` places implicit nulls (a missing value has no node of its own). */
  build(node: unknown, fallbackLine: number): TreeNode {
    this.countDecode();
    if (isAlias(node)) return this.buildAlias(node, fallbackLine);
    if (isMap(node)) return this.buildMap(node);
    if (isSeq(node)) return this.buildSeq(node);
    if (isScalar(node)) return this.buildScalar(node, fallbackLine);
    return { kind: 'scalar', line: fallbackLine, tag: '!!null', value: null, text: '' };
  }

  private countDecode(): void {
    this.decodeCount += 1;
    if (this.aliasDepth > 0) this.aliasCount += 1;
    const ratio = this.aliasCount / this.decodeCount;
    if (
      this.aliasCount > 100 &&
      this.decodeCount > 1000 &&
      ratio > allowedAliasRatio(this.decodeCount)
    ) {
      throw yamlFailure('document contains excessive aliasing');
    }
  }

  private buildAlias(alias: Alias, fallbackLine: number): TreeNode {
    const target = this.aliasTargets.get(alias);
    if (target === undefined) {
      throw yamlFailure(`unknown anchor '${alias.source}' referenced`);
    }
    if (this.expanding.has(target)) {
      throw yamlFailure(`anchor '${alias.source}' value contains itself`);
    }
    this.expanding.add(target);
    this.aliasDepth += 1;
    try {
      return this.build(target, fallbackLine);
    } finally {
      this.aliasDepth -= 1;
      this.expanding.delete(target);
    }
  }

  private buildMap(map: YAMLMap<unknown, unknown>): MapNode {
    const line = this.lineOf(map, 1);
    const pairs: Pair[] = [];
    for (const pair of map.items) {
      if (isMergeKey(pair.key)) {
        pairs.push(...this.mergedPairs(pair.value, line));
        continue;
      }
      const key = this.build(pair.key, line);
      if (key.kind !== 'scalar') {
        throw yamlFailure(`invalid map key: ${formatGo(key)}`);
      }
      pairs.push({ key, value: this.build(pair.value, key.line) });
    }
    return { kind: 'map', line, pairs };
  }

  /** `<<: *a` or `<<: [*a, *b]`; earlier maps of a list take precedence, so they come last. */
  private mergedPairs(value: unknown, line: number): readonly Pair[] {
    const source = this.build(value, line);
    if (source.kind === 'map') return source.pairs;
    if (source.kind === 'seq' && !isAlias(value) && source.items.every(isMapNode)) {
      return [...source.items].reverse().flatMap((item) => item.pairs);
    }
    throw yamlFailure('map merge requires map or sequence of maps as the value');
  }

  private buildSeq(seq: YAMLSeq<unknown>): SeqNode {
    const line = this.lineOf(seq, 1);
    return { kind: 'seq', line, items: seq.items.map((item) => this.build(item, line)) };
  }

  private buildScalar(scalar: Scalar, fallbackLine: number): ScalarNode {
    const value = goScalarValue(scalar);
    return {
      kind: 'scalar',
      line: this.lineOf(scalar, fallbackLine),
      tag: scalarTag(scalar, value),
      value,
      text: scalar.source ?? '',
    };
  }

  private lineOf(node: YamlNode, fallbackLine: number): number {
    return node.range ? this.lines.linePos(node.range[0]).line : fallbackLine;
  }
}

/** A plain `<<` key; the yaml package resolves it to a symbol in YAML 1.1 mode. */
function isMergeKey(key: unknown): boolean {
  return isScalar(key) && typeof key.value === 'symbol';
}

function isMapNode(node: TreeNode): node is MapNode {
  return node.kind === 'map';
}

function isNullNode(node: TreeNode): boolean {
  return node.kind === 'scalar' && node.value === null;
}

/** The scalar as yaml.v2 resolves it where the Go target is interface{}. */
function goScalarValue(scalar: Scalar): ScalarValue {
  const { value } = scalar;
  const text = scalar.source ?? '';
  // yaml.v2 has no sexagesimal numbers: `1:30` stays a string.
  if (scalar.format === 'TIME' && scalar.tag === undefined) return text;
  if (typeof value === 'bigint') {
    // Integers that fit neither int64 nor uint64 are parsed as floats by yaml.v2.
    return value >= INT64_MIN && value <= UINT64_MAX ? value : Number(value);
  }
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  // Timestamps: yaml.v2 keeps their text when decoding into interface{}.
  return text;
}

function scalarTag(scalar: Scalar, value: ScalarValue): string {
  if (scalar.tag !== undefined) return shortTag(scalar.tag);
  // Quoted and block scalars are always strings.
  if (scalar.type !== undefined && scalar.type !== Scalar.PLAIN) return '!!str';
  if (scalar.value instanceof Date) return '!!timestamp';
  if (value === null) return '!!null';
  if (typeof value === 'bigint') return '!!int';
  if (typeof value === 'number') return '!!float';
  if (typeof value === 'boolean') return '!!bool';
  return '!!str';
}

function shortTag(tag: string): string {
  const prefix = 'tag:yaml.org,2002:';
  return tag.startsWith(prefix) ? `!!${tag.slice(prefix.length)}` : tag;
}

// ---------------------------------------------------------------------------------------------
// Step 2: upstream's validateYamlKeys over the generic map.
// ---------------------------------------------------------------------------------------------

function validateKeys(map: MapNode): void {
  for (const { key, value } of goMapEntries(map)) {
    if (typeof key.value !== 'string') {
      throw new FileFailure(`config error, key is not of type string: ${formatGo(key)}`);
    }
    if (!VALID_KEYS.has(key.value)) {
      throw new FileFailure(`config error, unknown key '${key.value}'`);
    }
    // Metadata is free-form and not validated.
    if (key.value !== 'metadata') validateValue(value);
  }
}

function validateValue(value: TreeNode): void {
  switch (value.kind) {
    case 'map':
      validateKeys(value);
      return;
    case 'seq':
      for (const item of value.items) {
        if (item.kind !== 'map') {
          throw new FileFailure(
            `config error, yaml file contains list of type other than map: ${formatGo(item)}`,
          );
        }
        validateKeys(item);
      }
      return;
    case 'scalar':
      // Go leaf types accepted upstream: string, int (int64 on 64-bit), bool and nil.
      if (!isGoLeaf(value.value)) throw new FileFailure('error checking config');
  }
}

function isGoLeaf(value: ScalarValue): boolean {
  if (typeof value === 'bigint') return value >= INT64_MIN && value <= INT64_MAX;
  return typeof value !== 'number';
}

/** The map as a Go map holds it: one entry per distinct key, the last value winning. */
function goMapEntries(map: MapNode): Pair[] {
  const entries = new Map<unknown, Pair>();
  for (const pair of map.pairs) {
    entries.set(goMapKey(pair.key.value), pair);
  }
  return [...entries.values()];
}

/** Equality of interface{} map keys: same Go type and value (1 and "1" differ, NaN is unique). */
function goMapKey(value: ScalarValue): unknown {
  if (typeof value === 'number' && Number.isNaN(value)) return Symbol('NaN');
  return `${typeof value}:${String(value)}`;
}

// ---------------------------------------------------------------------------------------------
// Step 3: typed decode into YamlRoot / YamlDescriptor / YamlRateLimit, like yaml.v2.
// ---------------------------------------------------------------------------------------------

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
class TypedDecoder {
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
      if (typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX)
        return Number(value);
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

// ---------------------------------------------------------------------------------------------
// Go-compatible text.
// ---------------------------------------------------------------------------------------------

/** One yaml.v2 type error line; scalar values longer than 10 bytes are cut to 7 and "...". */
function mismatchText(node: TreeNode, goType: string): string {
  let what: string;
  if (node.kind === 'scalar') {
    const bytes = Buffer.from(node.text, 'utf8');
    const shown = bytes.length > 10 ? `${bytes.subarray(0, 7).toString('utf8')}...` : node.text;
    what = `${node.tag} \`${shown}\``;
  } else {
    what = node.kind === 'map' ? '!!map' : '!!seq';
  }
  return `line ${node.line}: cannot unmarshal ${what} into ${goType}`;
}

/** Go's %v for a generic value: `<nil>`, `[a b]`, `map[k:v]` (keys sorted), floats like %g. */
function formatGo(node: TreeNode): string {
  switch (node.kind) {
    case 'seq':
      return `[${node.items.map(formatGo).join(' ')}]`;
    case 'map': {
      const entries = goMapEntries(node).map(({ key, value }) => [formatGo(key), formatGo(value)]);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `map[${entries.map(([key, value]) => `${key}:${value}`).join(' ')}]`;
    }
    case 'scalar':
      if (node.value === null) return '<nil>';
      return typeof node.value === 'number' ? formatGoFloat(node.value) : String(node.value);
  }
}
