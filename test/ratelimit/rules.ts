/** Rules used by the end-to-end tests. */
export const E2E_RULES = `
domain: e2e
descriptors:
  - key: user
    rate_limit: {unit: minute, requests_per_unit: 20}
  - key: path
    value: /login
    rate_limit: {unit: hour, requests_per_unit: 3, name: login}
  - key: tier
    value: gold
    rate_limit: {unit: day, requests_per_unit: 1000}
  - key: internal
    rate_limit: {unlimited: true}
  - key: banned
    rate_limit: {unit: hour, requests_per_unit: 0}
`;
