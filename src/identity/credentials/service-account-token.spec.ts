import {
  generateServiceAccountToken,
  hashServiceAccountToken,
  isWellFormedServiceAccountToken,
} from './service-account-token';

describe('service account tokens', () => {
  it("have Grafana's glsa_ shape with a checksum, and are stored as their SHA-256", () => {
    const { token, hash } = generateServiceAccountToken();
    expect(token).toMatch(/^glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}$/);
    expect(isWellFormedServiceAccountToken(token)).toBe(true);
    expect(hash).toBe(hashServiceAccountToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(generateServiceAccountToken().token).not.toBe(token);
  });

  it('rejects a token with a wrong checksum or shape', () => {
    const { token } = generateServiceAccountToken();
    const flipped = token.slice(0, 5) + (token[5] === 'a' ? 'b' : 'a') + token.slice(6);
    expect(isWellFormedServiceAccountToken(flipped)).toBe(false);
    expect(isWellFormedServiceAccountToken('glsa_short_00000000')).toBe(false);
    expect(isWellFormedServiceAccountToken('eyJrIjoiIn0=')).toBe(false);
  });
});
