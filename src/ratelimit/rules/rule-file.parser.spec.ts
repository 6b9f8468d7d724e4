import {
  RuleConfigError,
  type RateLimitDocument,
  type RuleDescriptorDocument,
} from './rule-document';
import { parseRuleFile } from './rule-file.parser';

/** The RuleConfigError message thrown for `text`; fails the test when nothing (or else) is thrown. */
function failureOf(name: string, text: string): string {
  let thrown: unknown;
  try {
    parseRuleFile(name, text);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RuleConfigError);
  return (thrown as RuleConfigError).message;
}

function lines(...rows: string[]): string {
  return `${rows.join('\n')}\n`;
}

function descriptor(fields: Partial<RuleDescriptorDocument>): RuleDescriptorDocument {
  return {
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
    ...fields,
  };
}

function limit(
  unit: string,
  requestsPerUnit: number,
  extra: Partial<RateLimitDocument> = {},
): RateLimitDocument {
  return {
    unit,
    requestsPerUnit,
    unlimited: false,
    name: '',
    replaces: [],
    unitMultiplier: undefined,
    algorithm: '',
    burst: undefined,
    ...extra,
  };
}

describe('parseRuleFile', () => {
  describe('upstream bad fixtures (spec §2.3, steps 1-3)', () => {
    it('bad_yaml.yaml: an unterminated quote', () => {
      expect(failureOf('bad_yaml.yaml', "'''\n")).toBe(
        'bad_yaml.yaml: error loading config file: yaml: line 2: found unexpected end of stream',
      );
    });

    it('misspelled_key.yaml: ratelimit instead of rate_limit', () => {
      const text = lines(
        'domain: test-domain',
        'descriptors:',
        '  - key: key1',
        '    ratelimit:',
        '      unit: day',
        '      requests_per_unit: 5',
      );
      expect(failureOf('misspelled_key.yaml', text)).toBe(
        "misspelled_key.yaml: config error, unknown key 'ratelimit'",
      );
    });

    it('misspelled_key2.yaml: requestsperunit', () => {
      const text = lines(
        'domain: test-domain',
        'descriptors:',
        '  - key: key1',
        '    rate_limit:',
        '      unit: day',
        '      requestsperunit: 5',
      );
      expect(failureOf('misspelled_key2.yaml', text)).toBe(
        "misspelled_key2.yaml: config error, unknown key 'requestsperunit'",
      );
    });

    it('non_string_key.yaml: a float key printed like Go %v', () => {
      const text = lines('domain: test-domain', '0.25:', '  - key: key1');
      expect(failureOf('non_string_key.yaml', text)).toBe(
        'non_string_key.yaml: config error, key is not of type string: 0.25',
      );
    });

    it('non_map_list.yaml: a list of strings', () => {
      const text = lines('domain: test-domain', 'descriptors: [a, b, c]');
      expect(failureOf('non_map_list.yaml', text)).toBe(
        'non_map_list.yaml: config error, yaml file contains list of type other than map: a',
      );
    });
  });

  describe('step 1: generic parse', () => {
    it('reports an unterminated quote at the very end of a file without a final newline', () => {
      expect(failureOf('bad_yaml.yaml', "'''")).toBe(
        'bad_yaml.yaml: error loading config file: yaml: line 1: found unexpected end of stream',
      );
      expect(failureOf('f.yaml', 'domain: d\nkey: "a\\"')).toBe(
        'f.yaml: error loading config file: yaml: line 2: found unexpected end of stream',
      );
    });

    it('reports other syntax errors with the yaml reason and the line where they were found', () => {
      expect(failureOf('f.yaml', lines('domain: d', 'descriptors: [', ''))).toBe(
        'f.yaml: error loading config file: yaml: line 4: ' +
          'Flow sequence in block collection must be sufficiently indented and end with a ]',
      );
    });

    it('rejects a top-level list', () => {
      expect(failureOf('f.yaml', lines('- domain: d'))).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 1: cannot unmarshal !!seq into map[interface {}]interface {}',
      );
    });

    it('rejects top-level scalars with their tag and value', () => {
      expect(failureOf('f.yaml', 'hello\n')).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 1: cannot unmarshal !!str `hello` into map[interface {}]interface {}',
      );
      expect(failureOf('f.yaml', lines('# comment', '42'))).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 2: cannot unmarshal !!int `42` into map[interface {}]interface {}',
      );
    });

    it.each([
      ['an empty file', ''],
      ['a comment-only file', '# nothing here\n'],
      ['a null document', '~\n'],
    ])('treats %s as an empty map', (_label, text) => {
      expect(parseRuleFile('f.yaml', text)).toEqual({ domain: '', descriptors: [] });
    });

    it('reads only the first document', () => {
      const text = lines('domain: first', '---', 'domain: second', 'bogus: [');
      expect(parseRuleFile('f.yaml', text)).toEqual({ domain: 'first', descriptors: [] });
    });

    it('lets a later duplicate key win', () => {
      expect(parseRuleFile('f.yaml', lines('domain: a', 'domain: b'))).toEqual({
        domain: 'b',
        descriptors: [],
      });
    });

    it('rejects an alias to an unknown anchor', () => {
      expect(failureOf('f.yaml', lines('domain: *nope'))).toBe(
        "f.yaml: error loading config file: yaml: unknown anchor 'nope' referenced",
      );
    });

    it('rejects an anchor that contains its own alias', () => {
      expect(failureOf('f.yaml', lines('domain: d', 'descriptors: &loop [*loop]'))).toBe(
        "f.yaml: error loading config file: yaml: anchor 'loop' value contains itself",
      );
    });

    it('rejects an alias bomb like yaml.v2', () => {
      const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
      for (let i = 1; i < 8; i += 1) {
        const previous = String.fromCharCode(96 + i);
        const current = String.fromCharCode(97 + i);
        levels.push(`${current}: &${current} [${Array(10).fill(`*${previous}`).join(', ')}]`);
      }
      expect(failureOf('f.yaml', lines(...levels))).toBe(
        'f.yaml: error loading config file: yaml: document contains excessive aliasing',
      );
    });

    it('rejects a merge key whose value is not a map', () => {
      expect(failureOf('f.yaml', lines('domain: d', '<<: 5'))).toBe(
        'f.yaml: error loading config file: yaml: map merge requires map or sequence of maps as the value',
      );
    });
  });

  describe('step 2: key validation', () => {
    it('prints non-string keys like Go %v', () => {
      expect(failureOf('f.yaml', lines('1: x'))).toBe(
        'f.yaml: config error, key is not of type string: 1',
      );
      expect(failureOf('f.yaml', lines('yes: x'))).toBe(
        'f.yaml: config error, key is not of type string: true',
      );
      expect(failureOf('f.yaml', lines('~: x'))).toBe(
        'f.yaml: config error, key is not of type string: <nil>',
      );
      expect(failureOf('f.yaml', lines('1000000.0: x'))).toBe(
        'f.yaml: config error, key is not of type string: 1e+06',
      );
    });

    it('accepts a quoted numeric key as a string (then rejects it as unknown)', () => {
      expect(failureOf('f.yaml', lines('"1": x'))).toBe("f.yaml: config error, unknown key '1'");
    });

    it('rejects a float scalar', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: k',
        '    rate_limit:',
        '      unit: second',
        '      requests_per_unit: 1.5',
      );
      expect(failureOf('f.yaml', text)).toBe('f.yaml: error checking config');
    });

    it('rejects .inf', () => {
      expect(failureOf('f.yaml', lines('domain: .inf'))).toBe('f.yaml: error checking config');
    });

    it('rejects an integer above int64 but accepts the int64 maximum', () => {
      expect(failureOf('f.yaml', lines('domain: 9223372036854775808'))).toBe(
        'f.yaml: error checking config',
      );
      expect(parseRuleFile('f.yaml', lines('domain: 9223372036854775807')).domain).toBe(
        '9223372036854775807',
      );
    });

    it('rejects a null list element, printed as <nil>', () => {
      const text = lines('domain: d', 'descriptors:', '  - key: a', '  -');
      expect(failureOf('f.yaml', text)).toBe(
        'f.yaml: config error, yaml file contains list of type other than map: <nil>',
      );
    });

    it('prints a nested list element like Go %v', () => {
      expect(failureOf('f.yaml', lines('descriptors: [[a, 1, {key: b}]]'))).toBe(
        'f.yaml: config error, yaml file contains list of type other than map: [a 1 map[key:b]]',
      );
    });

    it('validates keys inside anchored and merged maps', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - &base {key: a, bogus: 1}',
        '  - <<: *base',
        '    value: v',
      );
      expect(failureOf('f.yaml', text)).toBe("f.yaml: config error, unknown key 'bogus'");
    });

    it('does not validate the metadata subtree', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: k',
        '    metadata:',
        '      anything: 1.5',
        '      7: [x, y]',
      );
      // `y` is a YAML 1.1 boolean.
      expect(parseRuleFile('f.yaml', text).descriptors[0].metadata).toEqual({
        anything: 1.5,
        '7': ['x', true],
      });
    });
  });

  describe('step 3: typed decode', () => {
    it('reports requests_per_unit: -1 with its line', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: k',
        '    rate_limit:',
        '      unit: second',
        '      requests_per_unit: -1',
      );
      expect(failureOf('f.yaml', text)).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 6: cannot unmarshal !!int `-1` into uint32',
      );
    });

    it('accepts the uint32 maximum and rejects one more', () => {
      const rule = (n: string) =>
        lines('domain: d', 'descriptors:', `  - {key: k, rate_limit: {requests_per_unit: ${n}}}`);
      const ok = parseRuleFile('f.yaml', rule('4294967295'));
      expect(ok.descriptors[0].rateLimit?.requestsPerUnit).toBe(4294967295);
      expect(failureOf('f.yaml', rule('4294967296'))).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 3: cannot unmarshal !!int `4294967296` into uint32',
      );
    });

    it('rejects a quoted "true" for shadow_mode', () => {
      const text = lines('domain: d', 'descriptors:', '  - key: k', '    shadow_mode: "true"');
      expect(failureOf('f.yaml', text)).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 4: cannot unmarshal !!str `true` into bool',
      );
    });

    it('collects every mismatch in document order, shortening long values', () => {
      const text = lines(
        'domain: {}',
        'descriptors:',
        '  - key: k',
        '    rate_limit:',
        '      requests_per_unit: "a very long value"',
        '      unlimited: 1',
        '      replaces: oops',
        '  - key: k2',
        '    rate_limit: 5',
        '    descriptors: {key: x}',
      );
      expect(failureOf('f.yaml', text)).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 1: cannot unmarshal !!map into string\n' +
          '  line 5: cannot unmarshal !!str `a very ...` into uint32\n' +
          '  line 6: cannot unmarshal !!int `1` into bool\n' +
          '  line 7: cannot unmarshal !!str `oops` into []config.yamlReplaces\n' +
          '  line 9: cannot unmarshal !!int `5` into config.YamlRateLimit\n' +
          '  line 10: cannot unmarshal !!map into []config.YamlDescriptor',
      );
    });

    it('reports mismatches inside replaces entries', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: k',
        '    rate_limit:',
        '      replaces:',
        '        - name: {}',
      );
      expect(failureOf('f.yaml', text)).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 6: cannot unmarshal !!map into string',
      );
    });

    it('decodes non-string scalars into strings as their source text', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: k',
        '    value: 123',
        '  - key: true',
        '    value: yes',
        '  - key: 0x1F',
        '    value: 2001-12-14',
      );
      expect(parseRuleFile('f.yaml', text).descriptors).toEqual([
        descriptor({ key: 'k', value: '123' }),
        descriptor({ key: 'true', value: 'yes' }),
        descriptor({ key: '0x1F', value: '2001-12-14' }),
      ]);
    });

    it('reads YAML 1.1 booleans', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - {key: k, shadow_mode: yes, quota_mode: on, detailed_metric: off, value_to_metric: Y}',
      );
      expect(parseRuleFile('f.yaml', text).descriptors[0]).toEqual(
        descriptor({ key: 'k', shadowMode: true, quotaMode: true, valueToMetric: true }),
      );
    });

    it('decodes rate_limit: (null) to null and rate_limit: {} to zero values', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: a',
        '    rate_limit:',
        '  - key: b',
        '    rate_limit: {}',
      );
      expect(parseRuleFile('f.yaml', text).descriptors).toEqual([
        descriptor({ key: 'a', rateLimit: null }),
        descriptor({ key: 'b', rateLimit: limit('', 0) }),
      ]);
    });

    it('treats null lists as empty and null replaces entries as empty names', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: a',
        '    descriptors:',
        '    rate_limit:',
        '      unit: day',
        '      replaces:',
        '        - name:',
      );
      expect(parseRuleFile('f.yaml', text).descriptors).toEqual([
        descriptor({ key: 'a', rateLimit: limit('day', 0, { replaces: [{ name: '' }] }) }),
      ]);
    });

    it('ignores whitelisted keys in the wrong place', () => {
      const text = lines(
        'domain: d',
        'key: top-level-key',
        'unit: minute',
        'descriptors:',
        '  - key: k',
        '    unit: second',
        '    requests_per_unit: 5',
        '    domain: other',
        '    rate_limit:',
        '      unit: hour',
        '      key: nested',
      );
      expect(parseRuleFile('f.yaml', text)).toEqual({
        domain: 'd',
        descriptors: [descriptor({ key: 'k', rateLimit: limit('hour', 0) })],
      });
    });

    it('decodes nested descriptors in document order', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: z',
        '    descriptors:',
        '      - key: z1',
        '        descriptors:',
        '          - key: z1a',
        '      - key: a1',
        '  - key: a',
      );
      expect(parseRuleFile('f.yaml', text).descriptors).toEqual([
        descriptor({
          key: 'z',
          descriptors: [
            descriptor({ key: 'z1', descriptors: [descriptor({ key: 'z1a' })] }),
            descriptor({ key: 'a1' }),
          ],
        }),
        descriptor({ key: 'a' }),
      ]);
    });

    it('accepts metadata with arbitrary keys and converts it to plain values', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: k',
        '    metadata:',
        '      name: service_1',
        '      service_with_quota:',
        '        name: service_2',
        '        weights: [1, 2.5, true, ~]',
        '      count: 12',
        '      __proto__: kept',
      );
      const metadata = parseRuleFile('f.yaml', text).descriptors[0].metadata;
      expect(metadata).toEqual({
        name: 'service_1',
        service_with_quota: { name: 'service_2', weights: [1, 2.5, true, null] },
        count: 12,
        ['__proto__']: 'kept',
      });
      expect(Object.keys(metadata ?? {})).toEqual([
        'name',
        'service_with_quota',
        'count',
        '__proto__',
      ]);
    });

    it('rejects metadata that is not a map', () => {
      const text = lines('domain: d', 'descriptors:', '  - key: k', '    metadata: [a]');
      expect(failureOf('f.yaml', text)).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 4: cannot unmarshal !!seq into map[string]interface {}',
      );
    });

    it('resolves anchors, aliases and merge keys', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: a',
        '    rate_limit: &minute {unit: minute, requests_per_unit: 10, name: shared}',
        '  - key: b',
        '    rate_limit:',
        '      <<: *minute',
        '      requests_per_unit: 20',
        '  - key: c',
        '    rate_limit: *minute',
      );
      expect(parseRuleFile('f.yaml', text).descriptors).toEqual([
        descriptor({ key: 'a', rateLimit: limit('minute', 10, { name: 'shared' }) }),
        descriptor({ key: 'b', rateLimit: limit('minute', 20, { name: 'shared' }) }),
        descriptor({ key: 'c', rateLimit: limit('minute', 10, { name: 'shared' }) }),
      ]);
    });

    it('gives earlier maps of a merge list precedence, and later explicit keys override', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - &first {key: one}',
        '  - &second {key: two, value: v}',
        '  - <<: [*first, *second]',
        '  - <<: *second',
        '    key: three',
      );
      expect(parseRuleFile('f.yaml', text).descriptors.slice(2)).toEqual([
        descriptor({ key: 'one', value: 'v' }),
        descriptor({ key: 'three', value: 'v' }),
      ]);
    });

    it('decodes a repeated rate_limit key into the same struct, like yaml.v2', () => {
      const text = lines(
        'domain: d',
        'descriptors:',
        '  - key: k',
        '    rate_limit: {unit: second, name: n}',
        '    rate_limit: {requests_per_unit: 5, name: m}',
      );
      expect(parseRuleFile('f.yaml', text).descriptors[0].rateLimit).toEqual(
        limit('second', 5, { name: 'm' }),
      );
    });

    it('decodes every field', () => {
      const text = lines(
        'domain: everything',
        'descriptors:',
        '  - key: files',
        '    value: files/*',
        '    rate_limit:',
        '      unit: Minute',
        '      requests_per_unit: 100',
        '      unlimited: false',
        '      name: files_limit',
        '      replaces:',
        '        - name: other',
        '        - name: another',
        '    shadow_mode: true',
        '    quota_mode: true',
        '    detailed_metric: true',
        '    value_to_metric: true',
        '    share_threshold: true',
        '    metadata:',
        '      owner: team-a',
        '    descriptors:',
        '      - key: method',
        '        rate_limit:',
        '          unlimited: true',
      );
      expect(parseRuleFile('everything.yaml', text)).toEqual({
        domain: 'everything',
        descriptors: [
          {
            key: 'files',
            value: 'files/*',
            rateLimit: limit('Minute', 100, {
              name: 'files_limit',
              replaces: [{ name: 'other' }, { name: 'another' }],
            }),
            rateLimits: null,
            descriptors: [
              descriptor({ key: 'method', rateLimit: limit('', 0, { unlimited: true }) }),
            ],
            shadowMode: true,
            quotaMode: true,
            detailedMetric: true,
            valueToMetric: true,
            shareThreshold: true,
            metadata: { owner: 'team-a' },
          },
        ],
      });
    });

    it('decodes the upstream basic_config fixture', () => {
      const text = lines(
        '# Basic configuration for testing.',
        'domain: test-domain',
        'descriptors:',
        '  # Top level key/value with no default rate limit.',
        '  - key: key1',
        '    value: value1',
        '    descriptors:',
        '      # 2nd level key only with default rate limit.',
        '      - key: subkey1',
        '        rate_limit:',
        '          unit: second',
        '          requests_per_unit: 5',
        '',
        '      # 2nd level key/value with limit. Specific override at 2nd level.',
        '      - key: subkey1',
        '        value: subvalue1',
        '        rate_limit:',
        '          unit: second',
        '          requests_per_unit: 10',
        '',
        '  # Top level key only with default rate limit.',
        '  - key: key2',
        '    rate_limit:',
        '      unit: minute',
        '      requests_per_unit: 20',
        '',
        '  # Top level key/value with limit. Specific override at 1st level.',
        '  - key: key2',
        '    value: value2',
        '    rate_limit:',
        '      unit: minute',
        '      requests_per_unit: 30',
        '',
        '  # Top level key/value with no limit (whitelist).',
        '  - key: key2',
        '    value: value3',
        '',
        '  - key: key3',
        '    rate_limit:',
        '      unit: hour',
        '      requests_per_unit: 1',
        '',
        '  - key: key4',
        '    rate_limit:',
        '      name: key4_rate_limit',
        '      unit: day',
        '      requests_per_unit: 1',
        '',
        '  - key: key5',
        '    value: value5',
        '    rate_limit:',
        '      unit: day',
        '      requests_per_unit: 15',
        '    descriptors:',
        '      - key: subkey5',
        '        value: subvalue5',
        '        rate_limit:',
        '          unit: day',
        '          requests_per_unit: 25',
        '',
        '  - key: key6',
        '    rate_limit:',
        '      unlimited: true',
        '',
        '  - key: key7',
        '    rate_limit:',
        '      unit: minute',
        '      requests_per_unit: 70',
        '    detailed_metric: true',
      );
      expect(parseRuleFile('basic_config.yaml', text)).toEqual({
        domain: 'test-domain',
        descriptors: [
          descriptor({
            key: 'key1',
            value: 'value1',
            descriptors: [
              descriptor({ key: 'subkey1', rateLimit: limit('second', 5) }),
              descriptor({ key: 'subkey1', value: 'subvalue1', rateLimit: limit('second', 10) }),
            ],
          }),
          descriptor({ key: 'key2', rateLimit: limit('minute', 20) }),
          descriptor({ key: 'key2', value: 'value2', rateLimit: limit('minute', 30) }),
          descriptor({ key: 'key2', value: 'value3' }),
          descriptor({ key: 'key3', rateLimit: limit('hour', 1) }),
          descriptor({ key: 'key4', rateLimit: limit('day', 1, { name: 'key4_rate_limit' }) }),
          descriptor({
            key: 'key5',
            value: 'value5',
            rateLimit: limit('day', 15),
            descriptors: [
              descriptor({ key: 'subkey5', value: 'subvalue5', rateLimit: limit('day', 25) }),
            ],
          }),
          descriptor({ key: 'key6', rateLimit: limit('', 0, { unlimited: true }) }),
          descriptor({ key: 'key7', rateLimit: limit('minute', 70), detailedMetric: true }),
        ],
      });
    });
  });
});
