import { StatsRegistry } from '../../infra/stats/registry';
import { RuleStatsFactory } from '../stats/rule-stats';
import { compileRules } from './compiler';
import { parseRuleFile } from './rule-file.parser';
import { BASIC_CONFIG } from './rules.fixtures';

function compileFiles(files: [string, string][], mergeDomainConfig = false) {
  const ruleStats = new RuleStatsFactory(new StatsRegistry());
  return compileRules(
    files.map(([name, text]) => ({ name, document: parseRuleFile(name, text) })),
    { mergeDomainConfig, statsFor: (key) => ruleStats.forKey(key) },
  );
}

const MERGE_KEY1 = `
domain: test-domain
descriptors:
  - key: key1
    value: value1
    rate_limit: {unit: minute, requests_per_unit: 10}
`;

describe('compileRules: upstream bad fixtures (docs/ratelimit.md#rules) and their exact texts', () => {
  it.each([
    [
      'empty_domain.yaml',
      'descriptors:\n',
      'empty_domain.yaml: config file cannot have empty domain',
    ],
    [
      'empty_domain.yaml',
      '# only a comment\n',
      'empty_domain.yaml: config file cannot have empty domain',
    ],
    [
      'empty_key.yaml',
      'domain: test-domain\ndescriptors:\n  - value: value1\n',
      'empty_key.yaml: descriptor has empty key',
    ],
    [
      'duplicate_key.yaml',
      'domain: test-domain\ndescriptors:\n  - {key: key1, value: value1}\n  - {key: key1, value: value1}\n',
      "duplicate_key.yaml: duplicate descriptor composite key 'test-domain.key1_value1'",
    ],
    [
      'composite.yaml',
      'domain: d\ndescriptors:\n  - {key: a_b}\n  - {key: a, value: b}\n',
      "composite.yaml: duplicate descriptor composite key 'd.a_b'",
    ],
    [
      'bad_limit_unit.yaml',
      'domain: d\ndescriptors:\n  - key: k\n    rate_limit: {unit: foo, requests_per_unit: 1}\n',
      "bad_limit_unit.yaml: invalid rate limit unit 'foo'",
    ],
    [
      'unknown_unit.yaml',
      'domain: d\ndescriptors:\n  - key: k\n    rate_limit: {unit: unknown, requests_per_unit: 1}\n',
      "unknown_unit.yaml: invalid rate limit unit 'unknown'",
    ],
    [
      'empty_limit.yaml',
      'domain: d\ndescriptors:\n  - key: k\n    rate_limit: {}\n',
      "empty_limit.yaml: invalid rate limit unit ''",
    ],
    [
      'replaces_self.yaml',
      'domain: d\ndescriptors:\n  - key: k\n    rate_limit: {unit: day, requests_per_unit: 1, name: self, replaces: [{name: self}]}\n',
      'replaces_self.yaml: replaces should not contain name of same descriptor',
    ],
    [
      'replaces_empty.yaml',
      'domain: d\ndescriptors:\n  - key: k\n    rate_limit:\n      unit: day\n      requests_per_unit: 1\n      replaces:\n        - name:\n',
      'replaces_empty.yaml: should not have an empty replaces entry',
    ],
    [
      'unlimited_with_unit.yaml',
      'domain: d\ndescriptors:\n  - key: k\n    rate_limit: {unlimited: true, unit: day}\n',
      'unlimited_with_unit.yaml: should not specify rate limit unit when unlimited',
    ],
    [
      'share.yaml',
      'domain: d\ndescriptors:\n  - {key: k, value: v, share_threshold: true, rate_limit: {unit: day, requests_per_unit: 1}}\n',
      "share.yaml: share_threshold can only be used with wildcard values (containing '*'), but found key 'k_v'",
    ],
  ])('%s', (name, text, message) => {
    expect(() => compileFiles([[name, text]])).toThrow(message);
    try {
      compileFiles([[name, text]]);
    } catch (error) {
      expect((error as Error).message).toBe(message);
    }
  });

  it('duplicate_domain.yaml after basic_config.yaml', () => {
    expect(() =>
      compileFiles([
        ['basic_config.yaml', BASIC_CONFIG],
        ['duplicate_domain.yaml', 'domain: test-domain\n'],
      ]),
    ).toThrow(/^duplicate_domain\.yaml: duplicate domain 'test-domain' in config file$/);
  });

  it('merge_domain_key1.yaml loaded twice with merging on', () => {
    expect(() =>
      compileFiles(
        [
          ['merge_domain_key1.yaml', MERGE_KEY1],
          ['merge_domain_key1.yaml', MERGE_KEY1],
        ],
        true,
      ),
    ).toThrow(
      /^merge_domain_key1\.yaml: duplicate descriptor composite key 'test-domain\.key1_value1'$/,
    );
  });

  it('accepts unlimited with an unrecognised unit and ignores requests_per_unit next to it', () => {
    const ruleSet = compileFiles([
      [
        'ok.yaml',
        'domain: d\ndescriptors:\n  - key: k\n    rate_limit: {unlimited: true, unit: foo, requests_per_unit: 5}\n',
      ],
    ]);
    const rule = ruleSet.domain('d')!.match([{ key: 'k', value: 'x' }])!.rule;
    expect(rule.unlimited).toBe(true);
    expect(rule.requestsPerUnit).toBe(0);
  });

  it('accepts every unit from second to year in any case', () => {
    const units = ['second', 'MINUTE', 'Hour', 'day', 'week', 'month', 'year'];
    const text = `domain: d\ndescriptors:\n${units.map((u, i) => `  - {key: k${i}, rate_limit: {unit: ${u}, requests_per_unit: 1}}\n`).join('')}`;
    const ruleSet = compileFiles([['units.yaml', text]]);
    expect(ruleSet.dump()).toContain('d.k4: unit=WEEK');
    expect(ruleSet.dump()).toContain('d.k6: unit=YEAR');
  });
});

describe('compileRules: the extensions beyond upstream', () => {
  const compile = (descriptors: string, storeLacking?: (algorithm: number) => string | undefined) =>
    compileRules(
      [
        {
          name: 'ext.yaml',
          document: parseRuleFile('ext.yaml', `domain: d\ndescriptors:\n${descriptors}`),
        },
      ],
      {
        mergeDomainConfig: false,
        statsFor: (key) => new RuleStatsFactory(new StatsRegistry()).forKey(key),
        storeLacking,
      },
    );
  const failure = (
    descriptors: string,
    storeLacking?: (algorithm: number) => string | undefined,
  ) => {
    try {
      compile(descriptors, storeLacking);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it.each([
    [
      '  - key: k\n    rate_limit: {unit: second, requests_per_unit: 1, burst: 5}',
      "ext.yaml: descriptor 'd.k': rate_limit: burst is only allowed with algorithm token_bucket",
    ],
    [
      '  - key: k\n    rate_limit: {unit: second, requests_per_unit: 1}\n    rate_limits: [{unit: second, requests_per_unit: 1}]',
      "ext.yaml: descriptor 'd.k': rate_limit and rate_limits cannot both be set",
    ],
    [
      '  - key: k\n    rate_limits: []',
      "ext.yaml: descriptor 'd.k': rate_limits must list at least one limit",
    ],
    [
      '  - key: k\n    rate_limit: {unit: second, requests_per_unit: 1, algorithm: leaky_bucket}',
      "ext.yaml: descriptor 'd.k': rate_limit: unknown algorithm 'leaky_bucket' (allowed: fixed_window, sliding_window, token_bucket)",
    ],
    [
      '  - key: k\n    value: v\n    rate_limits: [{unit: second, requests_per_unit: 1}, {unit: hour, requests_per_unit: 1, unit_multiplier: 0}]',
      "ext.yaml: descriptor 'd.k_v': rate_limits[1]: unit_multiplier must be a positive integer, not 0",
    ],
    [
      '  - key: k\n    rate_limit: {unit: second, requests_per_unit: 1, unit_multiplier: -2}',
      "ext.yaml: descriptor 'd.k': rate_limit: unit_multiplier must be a positive integer, not -2",
    ],
    [
      '  - key: k\n    rate_limits: [{unlimited: true}]',
      "ext.yaml: descriptor 'd.k': rate_limits[0]: unlimited is only allowed in rate_limit",
    ],
  ])('refuses %j', (descriptors, message) => {
    expect(failure(descriptors)).toBe(message);
  });

  it('refuses a token bucket the counter store cannot run, naming the back end', () => {
    expect(
      failure(
        '  - key: k\n    rate_limit: {unit: second, requests_per_unit: 1, algorithm: token_bucket}',
        () => 'altcache (BACKEND_TYPE=altcache)',
      ),
    ).toBe(
      "ext.yaml: descriptor 'd.k': rate_limit: algorithm token_bucket is not available with the altcache (BACKEND_TYPE=altcache) counter store",
    );
  });

  it('compiles windows, algorithms, bursts and limit lists, and shows them in /rlconfig', () => {
    const rules = compile(
      [
        '  - key: a',
        '    rate_limit: {unit: minute, unit_multiplier: 5, requests_per_unit: 100, algorithm: sliding_window}',
        '  - key: b',
        '    rate_limit: {unit: second, requests_per_unit: 50, algorithm: token_bucket, burst: 200}',
        '  - key: c',
        '    rate_limits:',
        '      - {unit: second, requests_per_unit: 10, name: c_burst}',
        '      - {unit: day, requests_per_unit: 10000}',
      ].join('\n'),
    );
    const c = rules.domain('d')!.match([{ key: 'c', value: 'x' }])!;
    expect(c.rule.limits?.map((l) => [l.label, l.windowSeconds])).toEqual([
      ['c_burst', 1],
      ['c_1', 86400],
    ]);
    expect(c.limitStats?.map((s) => s.key)).toEqual(['d.c.c_burst', 'd.c.c_1']);
    expect(rules.dump()).toBe(
      [
        'd.a: unit=MINUTE requests_per_unit=100, shadow_mode: false, quota_mode: false, unit_multiplier: 5, algorithm: sliding_window',
        'd.b: unit=SECOND requests_per_unit=50, shadow_mode: false, quota_mode: false, algorithm: token_bucket, burst: 200',
        'd.c: unit=DAY requests_per_unit=10000, shadow_mode: false, quota_mode: false, limit: c_1',
        'd.c: unit=SECOND requests_per_unit=10, shadow_mode: false, quota_mode: false, limit: c_burst',
        '',
      ].join('\n'),
    );
  });
});
