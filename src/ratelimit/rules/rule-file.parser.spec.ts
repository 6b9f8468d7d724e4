import { parseRuleFile } from './rule-file.parser';
import { descriptor, failureOf, limit, lines } from './rule-file.parser.fixtures';

// Steps 1 and 3 have their own specs beside their code in yaml-v2/; this one holds upstream's
// fixtures and the key validation (step 2), which is upstream's own.
describe('parseRuleFile', () => {
  describe('upstream bad fixtures (docs/ratelimit.md#rules, steps 1-3)', () => {
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

    // Found by rule-file.property.spec.ts: the yaml package's YAML 1.1 numbers are not yaml.v2's.
    it.each(['.', '-.', '5.', '1e5', '1.5e5', '.e1', '._5', '1E+999', '0xFFFFFFFFFFFFFFFFF'])(
      'accepts %s, a string for yaml.v2',
      (value) => {
        const text = lines('domain: d', 'descriptors:', `  - {key: k, value: ${value}}`);
        expect(parseRuleFile('f.yaml', text).descriptors[0].value).toBe(value);
      },
    );

    it.each(['09', '0009', '1_0.5', '.5_0', '1E+5', '+.5'])(
      'rejects %s, a float for yaml.v2',
      (value) => {
        const text = lines('domain: d', 'descriptors:', `  - {key: k, value: ${value}}`);
        expect(failureOf('f.yaml', text)).toBe('f.yaml: error checking config');
      },
    );

    it.each([
      ['0o17', 15],
      ['0X1F', 31],
      ['0B11', 3],
      ['0_x1F', 31],
      ['+_1', 1],
      ['0b+11', 3],
    ])('reads %s as yaml.v2 does, an integer (here %d requests)', (count, expected) => {
      const text = lines(
        'domain: d',
        'descriptors:',
        `  - {key: k, rate_limit: {unit: second, requests_per_unit: ${count}}}`,
      );
      const rateLimit = parseRuleFile('f.yaml', text).descriptors[0].rateLimit;
      expect(rateLimit?.requestsPerUnit).toBe(expected);
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
