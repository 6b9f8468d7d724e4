import { parseRuleFile } from '../rule-file.parser';
import { descriptor, limit, lines } from '../rule-file.parser.fixtures';

// The decoded values; the mismatch texts are in typed-decoder.mismatch.spec.ts.
describe('parseRuleFile', () => {
  describe('step 3: typed decode', () => {
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
  });
});
