import { decodeTokenChanges, decodeTokenRequest, TokenRequestError } from './token-request';

describe('decodeTokenRequest', () => {
  it('reads name, schema, expiryDate and enabled with their defaults', () => {
    expect(decodeTokenRequest({ name: ' Partner site ', schema: 'partner' })).toEqual({
      name: 'Partner site',
      schema: 'partner',
      expiryDate: null,
      enabled: true,
    });
    expect(
      decodeTokenRequest({
        name: 'n',
        schema: 's',
        expiryDate: '2030-01-31T12:00:00+02:00',
        enabled: false,
      }),
    ).toEqual({
      name: 'n',
      schema: 's',
      expiryDate: new Date('2030-01-31T10:00:00Z'),
      enabled: false,
    });
    expect(
      decodeTokenRequest({ name: 'n', schema: 's', expiryDate: '2030-01-31' }).expiryDate,
    ).toEqual(new Date('2030-01-31T00:00:00Z'));
    expect(decodeTokenRequest({ name: 'n', schema: 's', expiryDate: null }).expiryDate).toBeNull();
  });

  it.each([
    [[], 'the body must be a JSON object: {"name", "schema", ...}'],
    [undefined, 'the body must be a JSON object: {"name", "schema", ...}'],
    [{ schema: 's' }, 'name is required'],
    [{ name: 5, schema: 's' }, 'name must be a string'],
    [{ name: '  ', schema: 's' }, 'name must not be empty'],
    [{ name: 'x'.repeat(191), schema: 's' }, 'name must be at most 190 characters'],
    [{ name: 'n' }, 'schema is required'],
    [
      { name: 'n', schema: 's', expiryDate: 'tomorrow' },
      'expiryDate must be null or an ISO 8601 date-time such as 2030-01-31T12:00:00Z',
    ],
    [
      { name: 'n', schema: 's', expiryDate: '2030-02-31T00:00:00Z' },
      'expiryDate must be null or an ISO 8601 date-time such as 2030-01-31T12:00:00Z',
    ],
    [{ name: 'n', schema: 's', enabled: 'yes' }, 'enabled must be true or false'],
    [
      { name: 'n', schema: 's', scope: [] },
      'unknown property "scope" (allowed: name, schema, expiryDate, enabled)',
    ],
  ])('refuses %j: %s', (body, message) => {
    expect(() => decodeTokenRequest(body)).toThrow(new TokenRequestError(message));
  });
});

describe('decodeTokenChanges', () => {
  it('reads only the properties given', () => {
    expect(decodeTokenChanges({})).toEqual({});
    expect(decodeTokenChanges({ enabled: false })).toEqual({ enabled: false });
    expect(decodeTokenChanges({ expiryDate: null })).toEqual({ expiryDate: null });
    expect(decodeTokenChanges({ expiryDate: '2030-01-31', name: ' New ' })).toEqual({
      expiryDate: new Date('2030-01-31T00:00:00Z'),
      name: 'New',
    });
  });

  it.each([
    [[], 'the body must be a JSON object: {"enabled", "expiryDate", ...}'],
    [{ enabled: null }, 'enabled must be true or false'],
    [{ name: null }, 'name is required'],
    [{ schema: 'other' }, 'unknown property "schema" (allowed: name, enabled, expiryDate)'],
    [
      { expiryDate: 'soon' },
      'expiryDate must be null or an ISO 8601 date-time such as 2030-01-31T12:00:00Z',
    ],
  ])('refuses %j: %s', (body, message) => {
    expect(() => decodeTokenChanges(body)).toThrow(new TokenRequestError(message));
  });
});
