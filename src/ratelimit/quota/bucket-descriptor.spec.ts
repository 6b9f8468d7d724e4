import { compileYaml, entries } from '../rules/rules.fixtures';
import { bucketEntries } from './bucket-descriptor';

const { ruleSet } = compileYaml([
  `
domain: envoy
descriptors:
  - key: tenant
    value: acme
    descriptors:
      - key: path
        rate_limit: { unit: minute, requests_per_unit: 5 }
  - key: tenant
    rate_limit: { unit: minute, requests_per_unit: 50 }
  - key: client
    value: "mobile-*"
    rate_limit: { unit: second, requests_per_unit: 2 }
`,
]);
const domain = ruleSet.domain('envoy');

describe('the descriptor of an RLQS bucket', () => {
  it('orders the unordered bucket as the rule tree needs it, deepest rule first', () => {
    expect(bucketEntries(domain, { path: '/a', tenant: 'acme' })).toEqual(
      entries(['tenant', 'acme'], ['path', '/a']),
    );
    expect(bucketEntries(domain, { tenant: 'other', path: '/a' })).toEqual(
      entries(['tenant', 'other']),
    );
  });

  it('matches wildcards and leaves out keys the rules never name', () => {
    expect(bucketEntries(domain, { client: 'mobile-ios', name: 'bucket-1' })).toEqual(
      entries(['client', 'mobile-ios']),
    );
  });

  it('gives no entries when no rule is on the way, or the domain is unknown', () => {
    expect(bucketEntries(domain, { client: 'web' })).toEqual([]);
    expect(bucketEntries(domain, { name: 'x' })).toEqual([]);
    expect(bucketEntries(undefined, { tenant: 'acme' })).toEqual([]);
  });
});
