import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'yaml';

import { StatsRegistry } from '../../infra/stats/registry';
import { RuleStatsFactory } from '../stats/rule-stats';
import { Algorithm, algorithmFromName } from './algorithm';
import { unitFromName, Unit, UNIT_SECONDS } from './rate-limit-unit';
import { compileRules } from './compiler';
import type { RateLimitDocument, RuleDescriptorDocument, RuleDocument } from './document';
import { parseRuleFile } from './rule-file.parser';
import type { Entry, RuleNode, RuleSet } from './tree';

// Property tests (docs/testing.md#property-tests): generated valid rule trees survive YAML and the
// compiler unchanged, and the compiled matcher agrees with a naive reference walk of the same tree.
// On failure fast-check prints the seed and path; docs/testing.md says how to replay them.

const UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'];
const ALGORITHMS = ['', 'fixed_window', 'sliding_window', 'token_bucket'];

const compositeOf = (d: { readonly key: string; readonly value: string }) =>
  d.value === '' ? d.key : `${d.key}_${d.value}`;

/** Texts that stress the YAML layer: any code point, YAML indicators, 1.1 booleans, numbers. */
const yamlText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom('a', '_', '*', '.', ' ', ':', '#', '-', "'", '"', '\\'),
    maxLength: 8,
  }),
  fc.constantFrom(
    'yes',
    'No',
    'on',
    'OFF',
    'y',
    '~',
    'null',
    '0x1F',
    '0o17',
    '1_000',
    '1:30',
    '.inf',
    '.',
    '-.',
    '.e1',
    '2001-12-14',
    '<<',
    '&a',
    '*a',
    '!x',
  ),
);
/** Small alphabet, so that exact, wildcard and key-only candidates collide often. */
const matchText = fc.string({ unit: fc.constantFrom('a', 'b', '_', '*'), maxLength: 3 });

/** The serialiser falls back to another style where one cannot hold the text. */
const STRING_STYLES = [
  'PLAIN',
  'QUOTE_DOUBLE',
  'QUOTE_SINGLE',
  'BLOCK_LITERAL',
  'BLOCK_FOLDED',
] as const;

interface TreeTexts {
  readonly key: fc.Arbitrary<string>;
  readonly value: fc.Arbitrary<string>;
}

const limitArb = (texts: TreeTexts, inList: boolean): fc.Arbitrary<RateLimitDocument> =>
  fc
    .record({
      unlimited: inList ? fc.constant(false) : fc.boolean(),
      unit: fc.mixedCase(fc.constantFrom(...UNITS)),
      requestsPerUnit: fc.nat({ max: 2 ** 32 - 1 }),
      name: fc.option(texts.key, { nil: '' }),
      replaces: fc.array(
        texts.key.filter((name) => name !== ''),
        { maxLength: 2 },
      ),
      unitMultiplier: fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), {
        nil: undefined,
      }),
      algorithm: fc.mixedCase(fc.constantFrom(...ALGORITHMS)),
      burst: fc.option(fc.nat({ max: 2 ** 32 - 1 }), { nil: undefined }),
    })
    .map((limit) => {
      // Drop what the compiler refuses: unlimited takes no unit, algorithm or multiplier, burst
      // belongs to the token bucket, a limit does not replace itself.
      const algorithm = limit.unlimited ? '' : limit.algorithm;
      return {
        ...limit,
        unit: limit.unlimited ? '' : limit.unit,
        replaces: limit.replaces.filter((r) => r !== limit.name).map((name) => ({ name })),
        unitMultiplier: limit.unlimited ? undefined : limit.unitMultiplier,
        algorithm,
        burst: algorithmFromName(algorithm) === Algorithm.TOKEN_BUCKET ? limit.burst : undefined,
      };
    });

const descriptorsArb = (texts: TreeTexts, depth: number): fc.Arbitrary<RuleDescriptorDocument[]> =>
  fc.uniqueArray(descriptorArb(texts, depth), {
    maxLength: depth, // up to 3 + 6 + 6 descriptors: enough to collide, small enough to be quick
    selector: compositeOf,
  });

const descriptorArb = (texts: TreeTexts, depth: number): fc.Arbitrary<RuleDescriptorDocument> =>
  fc
    .record({
      key: texts.key.filter((key) => key !== ''),
      value: texts.value,
      limits: fc.oneof(
        fc.constant(null),
        limitArb(texts, false),
        fc.array(limitArb(texts, true), { minLength: 1, maxLength: 2 }),
      ),
      descriptors: depth <= 1 ? fc.constant([]) : descriptorsArb(texts, depth - 1),
      shadowMode: fc.boolean(),
      quotaMode: fc.boolean(),
      detailedMetric: fc.boolean(),
      valueToMetric: fc.boolean(),
      shareThreshold: fc.boolean(),
    })
    .map(({ limits, ...d }) => ({
      ...d,
      rateLimit: limits === null || Array.isArray(limits) ? null : limits,
      rateLimits: Array.isArray(limits) ? limits : null,
      shareThreshold: d.shareThreshold && compositeOf(d).includes('*'),
      metadata: null,
    }));

const documentArb = (texts: TreeTexts): fc.Arbitrary<RuleDocument> =>
  fc.record({
    domain: texts.key.filter((domain) => domain !== ''),
    descriptors: descriptorsArb(texts, 3),
  });

/** The document as an operator writes it: snake_case, defaults left out unless `explicit`. */
function toYamlObject(document: RuleDocument, explicit: boolean): unknown {
  const flag = (on: boolean) => (on || explicit ? on : undefined);
  const text = (value: string) => (value !== '' || explicit ? value : undefined);
  const limit = (l: RateLimitDocument) => ({
    unit: text(l.unit),
    requests_per_unit: l.requestsPerUnit,
    unlimited: flag(l.unlimited),
    name: text(l.name),
    replaces: l.replaces.length > 0 || explicit ? l.replaces : undefined,
    unit_multiplier: l.unitMultiplier,
    algorithm: text(l.algorithm),
    burst: l.burst,
  });
  const descriptor = (d: RuleDescriptorDocument): unknown => ({
    key: d.key,
    value: text(d.value),
    rate_limit: d.rateLimit === null ? (explicit ? null : undefined) : limit(d.rateLimit),
    rate_limits: d.rateLimits?.map(limit),
    descriptors: d.descriptors.length > 0 || explicit ? d.descriptors.map(descriptor) : undefined,
    shadow_mode: flag(d.shadowMode),
    quota_mode: flag(d.quotaMode),
    detailed_metric: flag(d.detailedMetric),
    value_to_metric: flag(d.valueToMetric),
    share_threshold: flag(d.shareThreshold),
  });
  return { domain: document.domain, descriptors: document.descriptors.map(descriptor) };
}

/** Every text of the document that the serialiser writes. */
function textsOf(document: RuleDocument): string[] {
  const texts = [document.domain];
  const visit = (descriptors: readonly RuleDescriptorDocument[]) => {
    for (const d of descriptors) {
      texts.push(d.key, d.value);
      for (const limit of d.rateLimits ?? (d.rateLimit === null ? [] : [d.rateLimit])) {
        texts.push(limit.unit, limit.name, limit.algorithm, ...limit.replaces.map((r) => r.name));
      }
      visit(d.descriptors);
    }
  };
  visit(document.descriptors);
  return texts;
}

function compile(document: RuleDocument): RuleSet {
  const stats = new RuleStatsFactory(new StatsRegistry());
  return compileRules([{ name: 'generated.yaml', document }], {
    mergeDomainConfig: false,
    statsFor: (key) => stats.forKey(key),
  });
}

/** The compiled level holds exactly the documents' descriptors, with their settings. */
function expectSameLevel(
  nodes: ReadonlyMap<string, RuleNode>,
  wildcards: readonly RuleNode[],
  descriptors: readonly RuleDescriptorDocument[],
  parentKey: string,
): void {
  expect([...nodes.keys()]).toEqual(descriptors.map(compositeOf));
  expect(wildcards.map((node) => node.compositeKey)).toEqual(
    descriptors.map(compositeOf).filter((composite) => composite.includes('*')),
  );
  for (const d of descriptors) {
    const node = nodes.get(compositeOf(d))!;
    const fullKey = `${parentKey}.${compositeOf(d)}`;
    expect(node).toMatchObject({
      key: d.key,
      value: d.value,
      detailedMetric: d.detailedMetric,
      valueToMetric: d.valueToMetric,
      shareThreshold: d.shareThreshold,
    });
    const limits = d.rateLimits ?? (d.rateLimit === null ? [] : [d.rateLimit]);
    const compiled = node.rule === undefined ? [] : (node.rule.limits ?? [node.rule]);
    expect(compiled).toHaveLength(limits.length);
    limits.forEach((limit, i) => {
      const unit = limit.unlimited ? Unit.UNKNOWN : unitFromName(limit.unit)!;
      const multiplier = limit.unitMultiplier ?? 1;
      expect(compiled[i]).toMatchObject({
        fullKey,
        unit,
        unlimited: limit.unlimited,
        requestsPerUnit: limit.unlimited ? 0 : limit.requestsPerUnit,
        name: limit.name,
        replaces: limit.replaces.map((r) => r.name),
        shadowMode: d.shadowMode,
        quotaMode: d.quotaMode,
        unitMultiplier: multiplier,
        windowSeconds: UNIT_SECONDS[unit] * multiplier,
        algorithm: algorithmFromName(limit.algorithm),
        burst: limit.burst ?? (limit.unlimited ? 0 : limit.requestsPerUnit),
      });
    });
    expectSameLevel(node.children, node.wildcards, d.descriptors, fullKey);
  }
}

/** `*` matches any run of characters, everything else itself; the whole text must match. */
function wildcardMatches(pattern: string, text: string): boolean {
  const literal = pattern
    .split('*')
    .map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${literal}$`, 's').test(text);
}

/**
 * The documented walk (docs/ratelimit.md), written naively over the document: per entry, the
 * descriptor whose `key_value` is the entry's, else the first wildcard in file order matching it,
 * else the one whose composite key is the entry's key; no backtracking; a limit counts only at the
 * depth of the last entry. Returns the composite keys of the path to the matched limit.
 */
function referenceMatch(document: RuleDocument, request: readonly Entry[]): string[] | undefined {
  let level = document.descriptors;
  const path: string[] = [];
  for (let i = 0; i < request.length; i++) {
    const candidate = `${request[i].key}_${request[i].value}`;
    const found =
      level.find((d) => compositeOf(d) === candidate) ??
      level.find(
        (d) => compositeOf(d).includes('*') && wildcardMatches(compositeOf(d), candidate),
      ) ??
      level.find((d) => compositeOf(d) === request[i].key);
    if (found === undefined) return undefined;
    path.push(compositeOf(found));
    if (i === request.length - 1) {
      return found.rateLimit !== null || found.rateLimits !== null ? path : undefined;
    }
    level = found.descriptors;
  }
  return undefined;
}

/** How one request entry is drawn from the descriptor it walks to. */
const stepArb = fc.record({
  pick: fc.nat(),
  how: fc.constantFrom('exact', 'filled', 'other value', 'noise'),
  fill: matchText,
  noise: fc.record({ key: matchText, value: matchText }),
});

/**
 * Requests that walk the tree: each entry names a descriptor of the level reached (its value as
 * written, its wildcards filled in, or another value), or is noise; exact, wildcard and key-only
 * siblings then compete often.
 */
function requestArb(document: RuleDocument): fc.Arbitrary<Entry[]> {
  return fc.array(stepArb, { maxLength: 4 }).map((steps) => {
    let level = document.descriptors;
    return steps.map(({ pick, how, fill, noise }) => {
      const d = level[pick % Math.max(level.length, 1)] as RuleDescriptorDocument | undefined;
      level = d?.descriptors ?? [];
      if (d === undefined || how === 'noise') return noise;
      if (how === 'exact') return { key: d.key, value: d.value };
      if (how === 'filled') return { key: d.key, value: d.value.replace(/\*/g, fill) };
      return { key: d.key, value: noise.value };
    });
  });
}

describe('rule files (property)', () => {
  const arbitraryTexts: TreeTexts = { key: yamlText, value: yamlText };

  it('a generated valid rule tree round-trips through YAML, the parser and the compiler', () => {
    fc.assert(
      fc.property(
        documentArb(arbitraryTexts),
        fc.boolean(),
        fc.constantFrom<'1.1' | '1.2'>('1.1', '1.2'),
        fc.constantFrom(...STRING_STYLES),
        (document, explicit, preferredVersion, defaultStringType) => {
          // A YAML 1.2 emitter writes `1_0.5` plain, which yaml.v2 (so upstream too) reads as a
          // float; texts that start like a number and hold a digit are left to the 1.1 emitter.
          const numberLike = textsOf(document).some((text) => /^[-+0-9.].*[0-9]/s.test(text));
          const version = defaultStringType === 'PLAIN' && numberLike ? '1.1' : preferredVersion;
          const object = toYamlObject(document, explicit);
          const text = stringify(object, { version, defaultStringType });
          // The serialiser's own slips (` ` as a block literal reads back as ``) are not ours.
          fc.pre(isDeepStrictEqual(parse(text, { version }), JSON.parse(JSON.stringify(object))));
          expect(parseRuleFile('generated.yaml', text)).toEqual(document);
          const domain = compile(document).domain(document.domain)!;
          expectSameLevel(domain.children, domain.wildcards, document.descriptors, document.domain);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the compiled matcher agrees with a reference walk of the tree on generated requests', () => {
    // Few keys, so that siblings share them and differ by value.
    const texts: TreeTexts = {
      key: fc.constantFrom('a', 'b', 'a_', '_b', '*', 'a*'),
      value: fc.oneof(fc.constant(''), matchText),
    };
    const caseArb = documentArb(texts).chain((document) =>
      fc.tuple(
        fc.constant(document),
        fc.array(requestArb(document), { minLength: 1, maxLength: 20 }),
      ),
    );
    fc.assert(
      fc.property(caseArb, ([document, requests]) => {
        const domain = compile(document).domain(document.domain)!;
        for (const request of requests) {
          const expected = referenceMatch(document, request);
          const applied = domain.match(request);
          if (expected === undefined) {
            expect(applied).toBeUndefined();
            continue;
          }
          let node: RuleNode = domain.children.get(expected[0])!;
          for (const composite of expected.slice(1)) node = node.children.get(composite)!;
          expect(applied?.rule).toBe(node.rule);
        }
      }),
      { numRuns: 300 },
    );
  });
});
