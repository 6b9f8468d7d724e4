import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Alias,
  type LineCounter,
  type Node as YamlNode,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';

import { formatGo, yamlFailure } from './error-texts';
import { goScalarValue, scalarTag } from './go-scalar';
import {
  isMapNode,
  type MapNode,
  type Pair,
  type ScalarNode,
  type SeqNode,
  type TreeNode,
} from './tree-node';

/** yaml.v2's guard against alias bombs ("billion laughs"), same thresholds. */
function allowedAliasRatio(decodeCount: number): number {
  const low = 400_000;
  const high = 4_000_000;
  if (decodeCount <= low) return 0.99;
  if (decodeCount >= high) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - low) / (high - low));
}

/** Turns the yaml package's document into the tree yaml.v2 would decode from. */
export class TreeBuilder {
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
