import {
  AuthenticatorService,
  LoginProtection,
  hashPassword,
  OrgMembersRepository,
  ServiceAccountTokensRepository,
  UsersRepository,
} from '../../identity';
import { ManualClock } from '../../infra/clock/clock';
import { Database } from '../../infra/database/database';
import type { DrizzleExecutor } from '../../infra/database/database.types';
import { MIGRATIONS } from '../../infra/database/migrations';
import { runMigrations } from '../../infra/database/migrations/migration-runner';
import { freshPostgresDatabase } from '../../infra/database/postgres.fixtures';
import { orgUsers, users } from '../../infra/database/schema';
import { StatsRegistry } from '../../infra/stats/registry';
import { loadSettings } from '../../settings/settings.loader';
import { CraftHttpError } from '../endpoint/craft-http-error';
import { GraphqlTokensRepository } from './tokens/graphql-tokens.repository';
import { GraphqlTokensService } from './tokens/graphql-tokens.service';
import type { SchemaRequestHeaders } from '../../infra/http/craft-request/schema-request-headers';
import { SchemaSelector } from './schema-selector';
import { modelWith, schemaDefinition, SettableModelSource } from './schemas.fixtures';

const T0 = Date.parse('2030-06-01T12:00:00Z');

let db: DrizzleExecutor;
let drop: () => Promise<void>;
let tokens: GraphqlTokensService;
let selector: SchemaSelector;
let partnerToken: string;
let disabledToken: string;
const clock = new ManualClock(T0);
const partner = schemaDefinition('partner');
const publicSchema = schemaDefinition('public', { isPublic: true });
const models = new SettableModelSource(modelWith([partner, publicSchema]));

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

async function addUser(login: string, isGrafanaAdmin: boolean): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({
      uid: login,
      login,
      email: `${login}@example.com`,
      passwordHash: await hashPassword(`${login}-pw`),
      isGrafanaAdmin,
      orgId: 1,
    })
    .returning();
  await db.insert(orgUsers).values({ orgId: 1, userId: user.id, role: 'Admin' });
}

beforeAll(async () => {
  ({ db, drop } = await freshPostgresDatabase());
  await runMigrations(db, MIGRATIONS);
  const database = new Database(db);
  tokens = new GraphqlTokensService(new GraphqlTokensRepository(database), database, models, clock);
  const authenticator = new AuthenticatorService(
    new UsersRepository(database),
    new OrgMembersRepository(database),
    new ServiceAccountTokensRepository(database),
    new LoginProtection(loadSettings({}), clock, new StatsRegistry()),
  );
  selector = new SchemaSelector(models, tokens, authenticator, clock);
  const make = async (name: string, enabled: boolean) =>
    (await tokens.create({ name, schema: 'partner', expiryDate: null, enabled })).accessToken;
  partnerToken = await make('partner-site', true);
  disabledToken = await make('disabled', false);
  await addUser('boss', true);
  await addUser('orgadmin', false);
});
afterAll(async () => {
  await drop();
});
beforeEach(() => {
  clock.set(T0);
  models.model = modelWith([partner, publicSchema]);
});

const headers = (
  authorization: string[] = [],
  extra: Partial<SchemaRequestHeaders> = {},
): SchemaRequestHeaders => ({
  authorization,
  craftAuthorization: undefined,
  gqlSchema: undefined,
  ...extra,
});

async function refusal(
  request: SchemaRequestHeaders,
): Promise<{ status: number; message: string }> {
  try {
    await selector.select(request);
  } catch (error) {
    if (error instanceof CraftHttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('the request was not refused');
}

const invalid = { status: 400, message: 'Invalid Authorization header' };
const missing = { status: 400, message: 'Missing Authorization header' };

describe('SchemaSelector', () => {
  it('answers a request without a token with the public schema', async () => {
    expect(await selector.select(headers())).toBe(publicSchema);
    expect(await selector.select(headers([basic('someone', 'pw')]))).toBe(publicSchema);
    expect(await selector.select(headers([`Bearer __PUBLIC__`]))).toBe(publicSchema);
  });

  it('uses the first Bearer token of the Authorization values', async () => {
    expect(await selector.select(headers([`Bearer ${partnerToken}`]))).toBe(partner);
    expect(
      await selector.select(headers([basic('x', 'y'), `Basic abc, Bearer ${partnerToken}`])),
    ).toBe(partner);
    expect(await refusal(headers([`Bearer ${disabledToken}, Bearer ${partnerToken}`]))).toEqual(
      invalid,
    );
  });

  it('prefers X-Craft-Authorization over Authorization whenever it is present', async () => {
    const both = headers([`Bearer ${disabledToken}`], {
      craftAuthorization: [`Bearer ${partnerToken}`],
    });
    expect(await selector.select(both)).toBe(partner);
    // Present but without a Bearer value: the public schema, Authorization is not consulted.
    expect(
      await selector.select(headers([`Bearer ${partnerToken}`], { craftAuthorization: [''] })),
    ).toBe(publicSchema);
  });

  it('refuses unknown, malformed, disabled and expired tokens', async () => {
    expect(await refusal(headers(['Bearer unknown']))).toEqual(invalid);
    expect(await refusal(headers([`Bearer ${'a'.repeat(32)}`]))).toEqual(invalid);
    expect(await refusal(headers([`Bearer ${disabledToken}`]))).toEqual(invalid);
    const { accessToken } = await tokens.create({
      name: 'short-lived',
      schema: 'partner',
      expiryDate: new Date(T0 + 1000),
      enabled: true,
    });
    expect(await selector.select(headers([`Bearer ${accessToken}`]))).toBe(partner);
    clock.advance(1000);
    expect(await refusal(headers([`Bearer ${accessToken}`]))).toEqual(invalid);
  });

  it('answers Missing Authorization header when the public schema is absent, off or expired', async () => {
    models.model = modelWith([partner]);
    expect(await refusal(headers())).toEqual(missing);
    expect(await refusal(headers(['Bearer __PUBLIC__']))).toEqual(invalid);
    models.model = modelWith([
      partner,
      schemaDefinition('public', { isPublic: true, enabled: false }),
    ]);
    expect(await refusal(headers())).toEqual(missing);
    models.model = modelWith([
      schemaDefinition('public', { isPublic: true, expiryDate: new Date(T0) }),
    ]);
    expect(await refusal(headers())).toEqual(missing);
    // A token still works without a public schema.
    models.model = modelWith([partner]);
    expect(await selector.select(headers([`Bearer ${partnerToken}`]))).toBe(partner);
  });

  it('lets a Grafana server admin pick a schema with X-Craft-Gql-Schema', async () => {
    const admin = (gqlSchema: string) => headers([basic('boss', 'boss-pw')], { gqlSchema });
    expect(await selector.select(admin(partner.uid))).toBe(partner);
    expect(await selector.select(admin('partner'))).toBe(partner);
    const full = await selector.select(admin('*'));
    expect(full).toMatchObject({ uid: '*', name: 'Full Schema', isPublic: false });
    expect(full.scope).toEqual(
      expect.arrayContaining(['sites.uid-site-en:read', 'usergroups.everyone:read']),
    );
    expect(await refusal(admin('nope'))).toEqual({
      status: 400,
      message: 'Invalid X-Craft-Gql-Schema header',
    });
  });

  it('refuses X-Craft-Gql-Schema to anyone but a server admin', async () => {
    const forbidden = { status: 403, message: 'User is not permitted to perform this action.' };
    for (const authorization of [
      [],
      [basic('orgadmin', 'orgadmin-pw')],
      [basic('boss', 'wrong')],
      [`Bearer ${partnerToken}`],
    ]) {
      expect(await refusal(headers(authorization, { gqlSchema: '*' }))).toEqual(forbidden);
    }
  });
});
