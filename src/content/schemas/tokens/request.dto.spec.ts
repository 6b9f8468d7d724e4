import { pass, refusal } from '../../../infra/http/grafana/validation/validation.fixtures';
import { decodeExpiryDate, TokenRequestError } from './request-errors';
import { NewTokenRequestDto, TokenChangesDto } from './request.dto';
import { TokenValidationPipe } from './validation.pipe';

const pipe = new TokenValidationPipe();

/** A POST body as the controller receives it, as a plain object. */
async function decodeTokenRequest(body: unknown) {
  return { ...(await pass(NewTokenRequestDto, body, 'body', pipe)) };
}

/** A PATCH body as the controller receives it: only the properties the body has. */
async function decodeTokenChanges(body: unknown) {
  const changes = await pass(TokenChangesDto, body, 'body', pipe);
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

describe('decodeTokenRequest', () => {
  it('reads name, schema, expiryDate and enabled with their defaults', async () => {
    expect(await decodeTokenRequest({ name: ' Partner site ', schema: 'partner' })).toEqual({
      name: 'Partner site',
      schema: 'partner',
      expiryDate: null,
      enabled: true,
    });
    expect(
      await decodeTokenRequest({
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
      (await decodeTokenRequest({ name: 'n', schema: 's', expiryDate: '2030-01-31' })).expiryDate,
    ).toEqual(new Date('2030-01-31T00:00:00Z'));
    expect(
      (await decodeTokenRequest({ name: 'n', schema: 's', expiryDate: null })).expiryDate,
    ).toBeNull();
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
  ])('refuses %j: %s', async (body, message) => {
    expect(await refusal(NewTokenRequestDto, body, 'body', pipe)).toEqual([400, { message }]);
  });
});

describe('decodeTokenChanges', () => {
  it('reads only the properties given', async () => {
    expect(await decodeTokenChanges({})).toEqual({});
    expect(await decodeTokenChanges({ enabled: false })).toEqual({ enabled: false });
    expect(await decodeTokenChanges({ expiryDate: null })).toEqual({ expiryDate: null });
    expect(await decodeTokenChanges({ expiryDate: '2030-01-31', name: ' New ' })).toEqual({
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
  ])('refuses %j: %s', async (body, message) => {
    expect(await refusal(TokenChangesDto, body, 'body', pipe)).toEqual([400, { message }]);
  });
});

describe("decodeExpiryDate (the command's -expires)", () => {
  it("reads ISO dates and refuses anything else with the API's message", () => {
    expect(decodeExpiryDate('2030-01-31')).toEqual(new Date('2030-01-31T00:00:00Z'));
    expect(decodeExpiryDate(null)).toBeNull();
    expect(() => decodeExpiryDate('2030-02-31')).toThrow(
      new TokenRequestError(
        'expiryDate must be null or an ISO 8601 date-time such as 2030-01-31T12:00:00Z',
      ),
    );
  });
});
