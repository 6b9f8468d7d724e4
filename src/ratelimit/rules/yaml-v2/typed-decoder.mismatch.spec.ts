import { parseRuleFile } from '../rule-file.parser';
import { failureOf, lines } from '../rule-file.parser.fixtures';

// Type mismatches, through parseRuleFile so that the texts are checked as upstream prints them.
describe('parseRuleFile', () => {
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

    it('rejects metadata that is not a map', () => {
      const text = lines('domain: d', 'descriptors:', '  - key: k', '    metadata: [a]');
      expect(failureOf('f.yaml', text)).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 4: cannot unmarshal !!seq into map[string]interface {}',
      );
    });
  });
});
