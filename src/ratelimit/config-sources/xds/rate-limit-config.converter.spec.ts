import { structToPlain, toNamedRuleDocument } from './rate-limit-config.converter';
import { decodeRateLimitConfig, RateLimitConfigMessage } from './xds-proto';
import { encodeRateLimitConfig } from './xds.fixtures';

/** Decodes what a management server would send, so the loader options are exercised too. */
const roundTrip = (config: object): RateLimitConfigMessage =>
  decodeRateLimitConfig(encodeRateLimitConfig(config));

describe('RateLimitConfig to rule document', () => {
  it('copies every field, names the unit and turns the YAML-only flags off', () => {
    const named = toNamedRuleDocument(
      roundTrip({
        name: 'cfg-a',
        domain: 'edge',
        descriptors: [
          {
            key: 'api_key',
            value: 'k*',
            rateLimit: {
              unit: 'WEEK',
              requestsPerUnit: 7,
              name: 'weekly',
              replaces: [{ name: 'daily' }],
            },
            shadowMode: true,
            quotaMode: true,
            detailedMetric: true,
            descriptors: [{ key: 'path', rateLimit: { unit: 'SECOND', unlimited: true } }],
          },
        ],
      }),
    );
    expect(named).toEqual({
      name: 'cfg-a',
      document: {
        domain: 'edge',
        descriptors: [
          {
            key: 'api_key',
            value: 'k*',
            rateLimit: {
              unit: 'WEEK',
              requestsPerUnit: 7,
              unlimited: false,
              name: 'weekly',
              replaces: [{ name: 'daily' }],
              algorithm: '',
            },
            rateLimits: null,
            descriptors: [
              {
                key: 'path',
                value: '',
                rateLimit: {
                  unit: 'SECOND',
                  requestsPerUnit: 0,
                  unlimited: true,
                  name: '',
                  replaces: [],
                  algorithm: '',
                },
                rateLimits: null,
                descriptors: [],
                shadowMode: false,
                quotaMode: false,
                detailedMetric: false,
                valueToMetric: false,
                shareThreshold: false,
                metadata: null,
              },
            ],
            shadowMode: true,
            quotaMode: true,
            detailedMetric: true,
            valueToMetric: false,
            shareThreshold: false,
            metadata: null,
          },
        ],
      },
    });
  });

  it('gives an unset unit (enum 0, not on the wire) the name UNKNOWN', () => {
    const named = toNamedRuleDocument(
      roundTrip({ name: 'n', domain: 'd', descriptors: [{ key: 'k', rateLimit: {} }] }),
    );
    expect(named.document.descriptors[0].rateLimit).toEqual({
      unit: 'UNKNOWN',
      requestsPerUnit: 0,
      unlimited: false,
      name: '',
      replaces: [],
      algorithm: '',
    });
  });

  it("carries this service's extension fields (1001-1003), zero meaning absent", () => {
    const named = toNamedRuleDocument(
      roundTrip({
        domain: 'd',
        descriptors: [
          {
            key: 'k',
            rateLimits: [
              {
                unit: 'MINUTE',
                requestsPerUnit: 5,
                unitMultiplier: 5,
                algorithm: 'sliding_window',
              },
              { unit: 'SECOND', requestsPerUnit: 2, algorithm: 'token_bucket', burst: 10 },
            ],
          },
        ],
      }),
    );
    const [descriptor] = named.document.descriptors;
    expect(descriptor.rateLimit).toBeNull();
    expect(descriptor.rateLimits).toEqual([
      expect.objectContaining({ unitMultiplier: 5, algorithm: 'sliding_window', burst: undefined }),
      expect.objectContaining({ unitMultiplier: undefined, algorithm: 'token_bucket', burst: 10 }),
    ]);
  });

  it('prints a unit number the enum does not define as the number', () => {
    const named = toNamedRuleDocument(
      roundTrip({ name: 'n', domain: 'd', descriptors: [{ key: 'k', rateLimit: { unit: 42 } }] }),
    );
    expect(named.document.descriptors[0].rateLimit?.unit).toBe('42');
  });

  it('keeps a descriptor without rate_limit as a node without a limit', () => {
    const named = toNamedRuleDocument(roundTrip({ domain: 'd', descriptors: [{ key: 'k' }] }));
    expect(named.name).toBe('');
    expect(named.document.descriptors[0].rateLimit).toBeNull();
  });

  it('turns metadata into the plain object it stands for', () => {
    const named = toNamedRuleDocument(
      roundTrip({
        domain: 'd',
        descriptors: [
          {
            key: 'k',
            metadata: {
              fields: {
                team: { stringValue: 'payments' },
                weight: { numberValue: 1.5 },
                on: { boolValue: true },
                none: { nullValue: 'NULL_VALUE' },
                nested: { structValue: { fields: { a: { listValue: { values: [] } } } } },
                list: {
                  listValue: {
                    values: [{ stringValue: 'x' }, { numberValue: 0 }, { boolValue: false }],
                  },
                },
              },
            },
          },
        ],
      }),
    );
    expect(named.document.descriptors[0].metadata).toEqual({
      team: 'payments',
      weight: 1.5,
      on: true,
      none: null,
      nested: { a: [] },
      list: ['x', 0, false],
    });
  });

  it('keeps a __proto__ metadata key as data', () => {
    const plain = structToPlain({
      fields: { ['__proto__']: { kind: 'stringValue', stringValue: 'v' } },
    });
    expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
    expect(Object.keys(plain)).toEqual(['__proto__']);
  });
});
