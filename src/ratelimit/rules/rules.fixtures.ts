import { StatsRegistry } from '../../infra/stats/registry';
import { RuleStatsFactory } from '../stats/rule-stats';
import { compileRules } from './compiler';
import { parseRuleFile } from './rule-file.parser';
import { RuleSet } from './tree';

/** Upstream's test fixtures (docs/testing.md), written out as YAML. */
export const BASIC_CONFIG = `
domain: test-domain
descriptors:
  - key: key1
    value: value1
    descriptors:
      - key: subkey1
        rate_limit: {unit: second, requests_per_unit: 5}
      - key: subkey1
        value: subvalue1
        rate_limit: {unit: second, requests_per_unit: 10}
  - key: key2
    rate_limit: {unit: minute, requests_per_unit: 20}
  - key: key2
    value: value2
    rate_limit: {unit: minute, requests_per_unit: 30}
  - key: key2
    value: value3
  - key: key3
    rate_limit: {unit: hour, requests_per_unit: 1}
  - key: key4
    rate_limit: {unit: day, requests_per_unit: 1, name: key4_rate_limit}
  - key: key5
    value: value5
    rate_limit: {unit: day, requests_per_unit: 15}
    descriptors:
      - key: subkey5
        value: subvalue5
        rate_limit: {unit: day, requests_per_unit: 25}
  - key: key6
    rate_limit: {unlimited: true}
  - key: key7
    detailed_metric: true
    rate_limit: {unit: minute, requests_per_unit: 70}
`;

export const WILDCARD_CONFIG = `
domain: test-domain
descriptors:
  - {key: wild, value: foo*, rate_limit: {unit: minute, requests_per_unit: 20}}
  - {key: noWild, value: foo, rate_limit: {unit: minute, requests_per_unit: 20}}
  - {key: noVal, rate_limit: {unit: minute, requests_per_unit: 20}}
  - {key: midWild, value: bar*b, rate_limit: {unit: minute, requests_per_unit: 20}}
  - {key: multiWild, value: foo*bar*baz, rate_limit: {unit: minute, requests_per_unit: 10}}
  - key: nestedWild
    value: val1
    descriptors:
      - {key: wild, value: goo*, rate_limit: {unit: minute, requests_per_unit: 20}}
`;

export const SHARE_THRESHOLD_CONFIG = `
domain: test-domain
descriptors:
  - {key: files, value: files/*, share_threshold: true, rate_limit: {unit: minute, requests_per_unit: 100}}
  - key: nested
    value: parent
    descriptors:
      - {key: files, value: nested/*, share_threshold: true, rate_limit: {unit: minute, requests_per_unit: 200}}
  - key: files
    value: top/*
    share_threshold: true
    descriptors:
      - {key: files, value: nested/*, share_threshold: true, rate_limit: {unit: minute, requests_per_unit: 300}}
  - key: route
    value: api/*
    share_threshold: true
    value_to_metric: true
    descriptors:
      - {key: method, rate_limit: {unit: minute, requests_per_unit: 60}}
  - key: service
    value: svc/*
    share_threshold: true
    descriptors:
      - {key: endpoint, detailed_metric: true, rate_limit: {unit: minute, requests_per_unit: 80}}
  - key: path
    value: path/*
    share_threshold: true
    descriptors:
      - key: file
        value: file/*
        descriptors:
          - {key: type, rate_limit: {unit: minute, requests_per_unit: 120}}
  - {key: file, value: test1, rate_limit: {unit: minute, requests_per_unit: 50}}
  - {key: file, value: test*, share_threshold: true, rate_limit: {unit: minute, requests_per_unit: 100}}
  - {key: midpath, value: /api*v1, share_threshold: true, rate_limit: {unit: minute, requests_per_unit: 100}}
  - {key: multiroute, value: svc*ep*rpc, share_threshold: true, rate_limit: {unit: minute, requests_per_unit: 50}}
`;

export interface CompiledFixture {
  readonly ruleSet: RuleSet;
  readonly registry: StatsRegistry;
  readonly ruleStats: RuleStatsFactory;
}

/** Parses and compiles YAML texts as files `file0.yaml`, `file1.yaml`, ... */
export function compileYaml(texts: readonly string[], mergeDomainConfig = false): CompiledFixture {
  const registry = new StatsRegistry();
  const ruleStats = new RuleStatsFactory(registry);
  const ruleSet = compileRules(
    texts.map((text, i) => ({
      name: `file${i}.yaml`,
      document: parseRuleFile(`file${i}.yaml`, text),
    })),
    { mergeDomainConfig, statsFor: (key) => ruleStats.forKey(key) },
  );
  return { ruleSet, registry, ruleStats };
}

export const entries = (...pairs: [string, string][]): { key: string; value: string }[] =>
  pairs.map(([key, value]) => ({ key, value }));
