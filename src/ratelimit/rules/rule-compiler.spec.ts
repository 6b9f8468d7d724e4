import { StatsRegistry } from '../../infra/stats/stats-registry';
import { RuleStatsFactory } from '../stats/rule-stats';
import { compileRules } from './rule-compiler';
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

describe('compileRules: upstream bad fixtures (spec §2.3) and their exact texts', () => {
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
