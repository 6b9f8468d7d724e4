import { findBearerToken } from './bearer-token';

describe('findBearerToken', () => {
  it('takes the first Bearer part of every value, any case of the scheme', () => {
    expect(findBearerToken(['Bearer abc'])).toBe('abc');
    expect(findBearerToken(['bearer   abc'])).toBe('abc');
    expect(findBearerToken(['BEARER abc'])).toBe('abc');
    expect(findBearerToken(['Basic dXNlcjpwdw==', 'Bearer second'])).toBe('second');
    expect(findBearerToken(['Basic dXNlcjpwdw==, Bearer inList , Bearer later'])).toBe('inList');
  });

  it('ignores values of other schemes and empty values', () => {
    expect(findBearerToken([])).toBeUndefined();
    expect(findBearerToken([''])).toBeUndefined();
    expect(findBearerToken(['Basic dXNlcjpwdw=='])).toBeUndefined();
    expect(findBearerToken(['Bearer'])).toBeUndefined();
    expect(findBearerToken(['Token abc', 'Bearer'])).toBeUndefined();
  });
});
