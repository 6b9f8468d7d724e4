import { Logger } from '@nestjs/common';
import { ManualClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/database/database';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { MIGRATIONS } from '../../../infra/database/migrations';
import { runMigrations } from '../../../infra/database/migrations/migration-runner';
import { freshPostgresDatabase } from '../../../infra/database/postgres.fixtures';
import { eventually } from '../../../../test/support/eventually';
import { hashAccessToken } from '../access-token';
import { GraphqlTokensRepository, TokenNameTakenError } from './graphql-tokens.repository';
import {
  GraphqlTokenNotFoundError,
  GraphqlTokenSchemaError,
  GraphqlTokensService,
  LAST_USED_RESOLUTION_MS,
} from './graphql-tokens.service';
import { modelWith, schemaDefinition, SettableModelSource } from '../schemas.fixtures';

const T0 = Date.parse('2030-06-01T12:00:00Z');

/** The real repository, counting the lastUsed writes it is asked for. */
class CountingRepository extends GraphqlTokensRepository {
  writes = 0;
  override recordUse(id: number, at: Date): Promise<void> {
    this.writes++;
    return super.recordUse(id, at);
  }
}

let db: DrizzleExecutor;
let drop: () => Promise<void>;
let repository: CountingRepository;
let database: Database;
const partner = schemaDefinition('partner');
const publicSchema = schemaDefinition('public', { isPublic: true });
const models = new SettableModelSource(modelWith([partner, publicSchema]));
let clock: ManualClock;
let service: GraphqlTokensService;

beforeAll(async () => {
  ({ db, drop } = await freshPostgresDatabase());
  await runMigrations(db, MIGRATIONS);
  database = new Database(db);
  repository = new CountingRepository(database);
});
afterAll(async () => {
  await drop();
});
beforeEach(() => {
  clock = new ManualClock(T0);
  models.model = modelWith([partner, publicSchema]);
  service = new GraphqlTokensService(repository, database, models, clock);
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${counter++}`;

describe('GraphqlTokensService', () => {
  it('creates a token for a schema named by handle or uid, storing only its hash', async () => {
    const byHandle = await service.create({
      name: unique('site'),
      schema: 'partner',
      expiryDate: null,
      enabled: true,
    });
    expect(byHandle.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(byHandle.token).toMatchObject({
      schemaUid: partner.uid,
      schemaHandle: 'partner',
      enabled: true,
      expiryDate: null,
      lastUsed: null,
      dateCreated: new Date(T0),
      tokenHash: hashAccessToken(byHandle.accessToken),
    });
    const byUid = await service.create({
      name: unique('site'),
      schema: partner.uid,
      expiryDate: new Date(T0 + 1000),
      enabled: false,
    });
    expect(byUid.token).toMatchObject({ schemaHandle: 'partner', enabled: false });
    expect(byUid.token.expiryDate).toEqual(new Date(T0 + 1000));
    const listed = await service.list();
    expect(listed.map((t) => t.id)).toEqual(
      expect.arrayContaining([byHandle.token.id, byUid.token.id]),
    );
    expect(JSON.stringify(listed)).not.toContain(byHandle.accessToken);
  });

  it('refuses unknown schemas, the public schema and duplicate names', async () => {
    const input = { name: unique('dup'), expiryDate: null, enabled: true };
    await expect(service.create({ ...input, schema: 'nope' })).rejects.toThrow(
      new GraphqlTokenSchemaError('unknown GraphQL schema "nope"'),
    );
    await expect(service.create({ ...input, schema: 'public' })).rejects.toThrow(
      new GraphqlTokenSchemaError('"public" is the public schema: it is used without a token'),
    );
    await service.create({ ...input, schema: 'partner' });
    await expect(service.create({ ...input, schema: 'partner' })).rejects.toThrow(
      new TokenNameTakenError(input.name),
    );
  });

  it('lists a token whose schema left the model with a null schema handle', async () => {
    const { token } = await service.create({
      name: unique('orphan'),
      schema: 'partner',
      expiryDate: null,
      enabled: true,
    });
    models.model = modelWith([publicSchema]);
    const listed = (await service.list()).find((t) => t.id === token.id);
    expect(listed).toMatchObject({ schemaHandle: null, schemaUid: partner.uid });
  });

  it('grants the schema of a valid token only', async () => {
    const make = (expiryDate: Date | null, enabled = true) =>
      service.create({ name: unique('t'), schema: 'partner', expiryDate, enabled });
    const valid = await make(null);
    const later = await make(new Date(T0 + 1));
    const disabled = await make(null, false);
    const expiresNow = await make(new Date(T0));
    expect(await service.schemaFor(valid.accessToken)).toBe(partner);
    expect(await service.schemaFor(later.accessToken)).toBe(partner);
    expect(await service.schemaFor(disabled.accessToken)).toBeUndefined();
    expect(await service.schemaFor(expiresNow.accessToken)).toBeUndefined();
    expect(await service.schemaFor('x'.repeat(32))).toBeUndefined();
    expect(await service.schemaFor('not a token')).toBeUndefined();
    // A disabled schema locks out its tokens; so does its removal.
    models.model = modelWith([schemaDefinition('partner', { enabled: false })]);
    expect(await service.schemaFor(valid.accessToken)).toBeUndefined();
    models.model = modelWith([]);
    expect(await service.schemaFor(valid.accessToken)).toBeUndefined();
  });

  it('records lastUsed at most once a minute per token, across instances too', async () => {
    const { token, accessToken } = await service.create({
      name: unique('used'),
      schema: 'partner',
      expiryDate: null,
      enabled: true,
    });
    const lastUsed = async () =>
      (await repository.list()).find((t) => t.id === token.id)?.lastUsed?.getTime();
    const before = repository.writes;
    await service.schemaFor(accessToken);
    expect(repository.writes).toBe(before + 1);
    await eventually('lastUsed to be written', async () =>
      (await lastUsed()) === T0 ? true : undefined,
    );
    clock.advance(LAST_USED_RESOLUTION_MS - 1);
    await service.schemaFor(accessToken);
    // Another instance reads the recent lastUsed from the row and does not write either.
    await new GraphqlTokensService(repository, database, models, clock).schemaFor(accessToken);
    expect(repository.writes).toBe(before + 1);
    clock.advance(1);
    await service.schemaFor(accessToken);
    expect(repository.writes).toBe(before + 2);
    await eventually('lastUsed to move', async () =>
      (await lastUsed()) === T0 + LAST_USED_RESOLUTION_MS ? true : undefined,
    );
  });

  it('neither waits for nor fails with the lastUsed write', async () => {
    const { accessToken } = await service.create({
      name: unique('slow'),
      schema: 'partner',
      expiryDate: null,
      enabled: true,
    });
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    class StuckRepository extends GraphqlTokensRepository {
      override recordUse(): Promise<void> {
        return new Promise(() => undefined);
      }
    }
    class FailingRepository extends GraphqlTokensRepository {
      override recordUse(): Promise<void> {
        return Promise.reject(new Error('database is gone'));
      }
    }
    try {
      const stuck = new GraphqlTokensService(
        new StuckRepository(database),
        database,
        models,
        clock,
      );
      expect(await stuck.schemaFor(accessToken)).toBe(partner);
      const failing = new GraphqlTokensService(
        new FailingRepository(database),
        database,
        models,
        clock,
      );
      expect(await failing.schemaFor(accessToken)).toBe(partner);
      await eventually('the failure to be logged', () =>
        warn.mock.calls.length > 0 ? true : undefined,
      );
      expect(String(warn.mock.calls[0][0])).toContain('database is gone');
    } finally {
      warn.mockRestore();
    }
  });

  describe('administration (docs/content-endpoint.md#access-tokens)', () => {
    const make = () =>
      service.create({ name: unique('admin'), schema: 'partner', expiryDate: null, enabled: true });

    it('finds a token by id, uid or name', async () => {
      const { token } = await make();
      for (const reference of [String(token.id), token.uid, token.name]) {
        expect(await service.get(reference)).toMatchObject({ id: token.id });
      }
      await expect(service.get('999999')).rejects.toThrow(new GraphqlTokenNotFoundError('999999'));
      await expect(service.get('nobody')).rejects.toBeInstanceOf(GraphqlTokenNotFoundError);
    });

    it('rotates: a new access token works, the old one stops at once', async () => {
      const { token, accessToken } = await make();
      const rotated = await service.rotate(String(token.id));
      expect(rotated.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(rotated.accessToken).not.toBe(accessToken);
      expect(rotated.token).toMatchObject({
        id: token.id,
        name: token.name,
        schemaHandle: 'partner',
        tokenHash: hashAccessToken(rotated.accessToken),
      });
      expect(await service.schemaFor(accessToken)).toBeUndefined();
      expect(await service.schemaFor(rotated.accessToken)).toBe(partner);
    });

    it('disables, enables, expires and renames; an empty change changes nothing', async () => {
      const { token, accessToken } = await make();
      expect(await service.update(token.uid, { enabled: false })).toMatchObject({ enabled: false });
      expect(await service.schemaFor(accessToken)).toBeUndefined();
      await service.update(token.uid, { enabled: true });
      expect(await service.schemaFor(accessToken)).toBe(partner);
      const expired = await service.update(token.name, { expiryDate: new Date(T0) });
      expect(expired.expiryDate).toEqual(new Date(T0));
      expect(await service.schemaFor(accessToken)).toBeUndefined();
      await service.update(token.name, { expiryDate: null });
      expect(await service.schemaFor(accessToken)).toBe(partner);
      const name = unique('renamed');
      expect(await service.update(String(token.id), { name })).toMatchObject({ name });
      expect(await service.update(name, {})).toMatchObject({ id: token.id, name });
      const other = await make();
      await expect(service.update(name, { name: other.token.name })).rejects.toThrow(
        new TokenNameTakenError(other.token.name),
      );
      await expect(service.update('nobody', { enabled: false })).rejects.toBeInstanceOf(
        GraphqlTokenNotFoundError,
      );
    });

    it('deletes: the token stops working and is gone from the list', async () => {
      const { token, accessToken } = await make();
      expect(await service.delete(token.name)).toMatchObject({ id: token.id });
      expect(await service.schemaFor(accessToken)).toBeUndefined();
      expect((await service.list()).some((t) => t.id === token.id)).toBe(false);
      await expect(service.delete(token.name)).rejects.toBeInstanceOf(GraphqlTokenNotFoundError);
    });

    it('counts tokens per schema uid', async () => {
      const before = (await service.tokenCounts()).get(partner.uid) ?? 0;
      await make();
      await make();
      expect((await service.tokenCounts()).get(partner.uid)).toBe(before + 2);
    });
  });
});
