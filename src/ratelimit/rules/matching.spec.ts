import { Unit } from './rate-limit-unit';
import {
  BASIC_CONFIG,
  compileYaml,
  entries,
  SHARE_THRESHOLD_CONFIG,
  WILDCARD_CONFIG,
} from './rules.fixtures';

describe('rule matching (docs/ratelimit.md#rules, upstream GetLimit facts)', () => {
  describe('basic_config', () => {
    const { ruleSet } = compileYaml([BASIC_CONFIG]);
    const domain = ruleSet.domain('test-domain')!;

    it.each([
      ['unknown value at a node without limit', [['key1', 'something']]],
      ['node without limit', [['key1', 'value1']]],
      [
        'too deep for a one level rule',
        [
          ['key2', 'value2'],
          ['subkey', 'subvalue'],
        ],
      ],
      [
        'no child matches',
        [
          ['key5', 'value5'],
          ['subkey5', 'subvalue'],
        ],
      ],
      ['whitelisted value beats the key-only sibling', [['key2', 'value3']]],
      ['no entries', []],
    ] as [string, [string, string][]][])('%s → no rule', (_name, pairs) => {
      expect(domain.match(entries(...pairs))).toBeUndefined();
    });

    it.each([
      [
        [
          ['key1', 'value1'],
          ['subkey1', 'something'],
        ],
        5,
        Unit.SECOND,
        'test-domain.key1_value1.subkey1',
      ],
      [
        [
          ['key1', 'value1'],
          ['subkey1', 'subvalue1'],
        ],
        10,
        Unit.SECOND,
        'test-domain.key1_value1.subkey1_subvalue1',
      ],
      [[['key2', 'something']], 20, Unit.MINUTE, 'test-domain.key2'],
      [[['key2', 'value2']], 30, Unit.MINUTE, 'test-domain.key2_value2'],
      [[['key3', 'foo']], 1, Unit.HOUR, 'test-domain.key3'],
      [[['key4', 'foo']], 1, Unit.DAY, 'test-domain.key4'],
      [[['key5', 'value5']], 15, Unit.DAY, 'test-domain.key5_value5'],
      [
        [
          ['key5', 'value5'],
          ['subkey5', 'subvalue5'],
        ],
        25,
        Unit.DAY,
        'test-domain.key5_value5.subkey5_subvalue5',
      ],
      [[['key7', 'unspecified_value']], 70, Unit.MINUTE, 'test-domain.key7_unspecified_value'],
      [[['key7', 'another_value']], 70, Unit.MINUTE, 'test-domain.key7_another_value'],
    ] as [[string, string][], number, Unit, string][])(
      '%j → %i per %s, stats %s',
      (pairs, limit, unit, statsKey) => {
        const applied = domain.match(entries(...pairs))!;
        expect(applied.rule.requestsPerUnit).toBe(limit);
        expect(applied.rule.unit).toBe(unit);
        expect(applied.stats.key).toBe(statsKey);
      },
    );

    it('copies the rule name and marks unlimited rules', () => {
      expect(domain.match(entries(['key4', 'foo']))!.rule.name).toBe('key4_rate_limit');
      expect(domain.match(entries(['key3', 'foo']))!.rule.name).toBe('');
      const unlimited = domain.match(entries(['key6', 'foo']))!;
      expect(unlimited.rule.unlimited).toBe(true);
      expect(unlimited.stats.key).toBe('test-domain.key6');
    });
  });

  describe('wildcards', () => {
    const domain = compileYaml([WILDCARD_CONFIG]).ruleSet.domain('test-domain')!;
    const statsKey = (...pairs: [string, string][]) => domain.match(entries(...pairs))?.stats.key;

    it('key-only rules share one stats key across values', () => {
      expect(statsKey(['noVal', 'foo1'])).toBe('test-domain.noVal');
      expect(statsKey(['noVal', 'foo2'])).toBe('test-domain.noVal');
    });
    it('prefix, middle and multi wildcards', () => {
      expect(statsKey(['wild', 'foo1'])).toBe('test-domain.wild_foo*');
      expect(statsKey(['wild', 'foo2'])).toBe('test-domain.wild_foo*');
      expect(statsKey(['wild', 'bar'])).toBeUndefined();
      expect(statsKey(['noWild', 'foo1'])).toBeUndefined();
      expect(statsKey(['midWild', 'barab'])).toBe('test-domain.midWild_bar*b');
      expect(statsKey(['midWild', 'bara'])).toBeUndefined();
      expect(statsKey(['multiWild', 'foo123bar456baz'])).toBe('test-domain.multiWild_foo*bar*baz');
      expect(statsKey(['multiWild', 'foo123baz'])).toBeUndefined();
    });
    it('nested wildcard under an exact parent', () => {
      expect(statsKey(['nestedWild', 'val1'], ['wild', 'goo2'])).toBe(
        'test-domain.nestedWild_val1.wild_goo*',
      );
    });
    it('without share_threshold each value keeps its own counter', () => {
      expect(domain.match(entries(['wild', 'foo1']))!.sharedValues).toBeUndefined();
    });
  });

  describe('share_threshold and value_to_metric (docs/ratelimit.md#rules)', () => {
    const domain = compileYaml([SHARE_THRESHOLD_CONFIG]).ruleSet.domain('test-domain')!;
    const match = (...pairs: [string, string][]) => domain.match(entries(...pairs));

    it('shares one counter across matching values', () => {
      expect(match(['files', 'files/a'])!.sharedValues).toEqual(['files/*']);
      expect(match(['files', 'files/b'])!.stats.key).toBe('test-domain.files_files/*');
    });
    it('an exact sibling wins over the shared wildcard', () => {
      expect(match(['file', 'test1'])!.rule.requestsPerUnit).toBe(50);
      expect(match(['file', 'test2'])!.rule.requestsPerUnit).toBe(100);
      expect(match(['file', 'test123'])!.sharedValues).toEqual(['test*']);
    });
    it('parent share with a plain wildcard child', () => {
      const applied = match(['path', 'path/x'], ['file', 'file/y'], ['type', 'pdf'])!;
      expect(applied.sharedValues).toEqual(['path/*', undefined, undefined]);
      expect(applied.stats.key).toBe('test-domain.path_path/*.file_file/*.type');
    });
    it('two shared levels', () => {
      const applied = match(['files', 'top/a'], ['files', 'nested/b'])!;
      expect(applied.sharedValues).toEqual(['top/*', 'nested/*']);
      expect(applied.stats.key).toBe('test-domain.files_top/*.files_nested/*');
    });
    it('share_threshold with value_to_metric keeps the pattern in the stats key', () => {
      expect(match(['route', 'api/v1'], ['method', 'GET'])!.stats.key).toBe(
        'test-domain.route_api/*.method',
      );
    });
    it('share_threshold with detailed_metric', () => {
      expect(match(['service', 'svc/a'], ['endpoint', 'get'])!.stats.key).toBe(
        'test-domain.service_svc/*.endpoint_get',
      );
    });
    it('middle wildcards that do not match', () => {
      expect(match(['midpath', '/api/v2'])).toBeUndefined();
      expect(match(['multiroute', 'svcABCrpc'])).toBeUndefined();
    });
  });

  describe('detailed_metric and value_to_metric stats keys', () => {
    it('detailed_metric on the leaf uses every request value', () => {
      const domain = compileYaml([
        `
domain: nested
descriptors:
  - key: key-1
    detailed_metric: true
    rate_limit: {unit: minute, requests_per_unit: 100}
    descriptors:
      - {key: key-2, detailed_metric: true, rate_limit: {unit: minute, requests_per_unit: 5}}
`,
      ]).ruleSet.domain('nested')!;
      expect(domain.match(entries(['key-1', 'value-1']))!.stats.key).toBe('nested.key-1_value-1');
      expect(domain.match(entries(['key-1', 'value-1'], ['key-2', 'value-2']))!.stats.key).toBe(
        'nested.key-1_value-1.key-2_value-2',
      );
      expect(domain.match(entries(['key-1', '']))!.stats.key).toBe('nested.key-1_');
    });

    it('without detailed_metric the config path is the key', () => {
      const domain = compileYaml([
        `
domain: nested
descriptors:
  - key: key-1
    rate_limit: {unit: minute, requests_per_unit: 100}
    descriptors:
      - {key: key-2, rate_limit: {unit: minute, requests_per_unit: 5}}
`,
      ]).ruleSet.domain('nested')!;
      expect(domain.match(entries(['key-1', 'value-1']))!.stats.key).toBe('nested.key-1');
      expect(domain.match(entries(['key-1', 'value-1'], ['key-2', 'value-2']))!.stats.key).toBe(
        'nested.key-1.key-2',
      );
    });

    const valueToMetric = (leafDetailed: boolean) =>
      compileYaml([
        `
domain: domain
descriptors:
  - key: route
    value_to_metric: true
    descriptors:
      - key: http_method
        value_to_metric: true
        descriptors:
          - key: subject_id
            detailed_metric: ${leafDetailed}
            rate_limit: {unit: minute, requests_per_unit: 60}
`,
      ]).ruleSet.domain('domain')!;

    it('value_to_metric adds runtime values of the flagged levels', () => {
      const domain = valueToMetric(false);
      expect(
        domain.match(entries(['route', 'draw'], ['http_method', 'GET'], ['subject_id', '123']))!
          .stats.key,
      ).toBe('domain.route_draw.http_method_GET.subject_id');
      expect(
        domain.match(entries(['route', ''], ['http_method', 'GET'], ['subject_id', '123']))!.stats
          .key,
      ).toBe('domain.route.http_method_GET.subject_id');
    });

    it('detailed_metric beats value_to_metric', () => {
      const domain = valueToMetric(true);
      expect(
        domain.match(entries(['route', 'draw'], ['http_method', 'GET'], ['subject_id', '123']))!
          .stats.key,
      ).toBe('domain.route_draw.http_method_GET.subject_id_123');
    });
  });

  it('merges domains across files when MERGE_DOMAIN_CONFIG is on', () => {
    const { ruleSet } = compileYaml(
      [
        'domain: d\ndescriptors:\n  - {key: a, rate_limit: {unit: second, requests_per_unit: 1}}\n',
        'domain: d\ndescriptors:\n  - {key: b, rate_limit: {unit: second, requests_per_unit: 2}}\n',
      ],
      true,
    );
    expect(ruleSet.domainCount).toBe(1);
    expect(ruleSet.domain('d')!.match(entries(['b', 'x']))!.rule.requestsPerUnit).toBe(2);
  });

  it('dumps every limited rule for /rlconfig, sorted', () => {
    const { ruleSet } = compileYaml([BASIC_CONFIG]);
    const lines = ruleSet.dump().trimEnd().split('\n');
    expect(lines).toContain(
      'test-domain.key1_value1.subkey1: unit=SECOND requests_per_unit=5, shadow_mode: false, quota_mode: false',
    );
    expect(lines).toContain(
      'test-domain.key6: unit=UNKNOWN requests_per_unit=0, shadow_mode: false, quota_mode: false',
    );
    expect(lines).toHaveLength(10);
    expect([...lines].sort()).toEqual(lines);
  });
});
