import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eventually } from '../support/eventually';
import { GrafanaApi } from '../support/grafana-api';
import { GraphqlClient } from '../support/graphql-client';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';

/**
 * Schema and token administration over HTTP (issue 8): the admin REST API under /api/content,
 * Grafana server admins only, and what each change does to the GraphQL endpoint at once.
 */

const ADMIN_PASSWORD = 'admin-secret';
const PONG = { data: { ping: 'pong' } };
const INVALID_AUTHORIZATION = {
  name: 'Bad Request',
  message: 'Invalid Authorization header',
  code: 0,
  status: 400,
};

interface TokenAnswer {
  readonly id: number;
  readonly uid: string;
  readonly name: string;
  readonly schema: string | null;
  readonly schemaUid: string;
  readonly enabled: boolean;
  readonly expiryDate: string | null;
  readonly lastUsed: string | null;
  readonly dateCreated: string;
  readonly accessToken?: string;
}

/** The built `content-tokens` bin next to the service under test. */
const TOKENS_BIN = join(
  PROJECT_ROOT,
  dirname(process.env.SERVICE_MAIN ?? join('dist', 'main.js')),
  'content',
  'admin',
  'cli',
  'content-tokens.js',
);

/** Runs the command as operators do; resolves with its exit code and output. */
function contentTokens(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TOKENS_BIN, ...args],
      { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
    );
  });
}

function projectDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'admin-project-'));
  writeFileSync(
    join(directory, 'model.yaml'),
    [
      'sites:',
      '  - { handle: en, name: English, language: en-US, primary: true, baseUrl: "http://localhost/" }',
      'graphqlSchemas:',
      '  - { handle: public, name: Public Schema, public: true, scope: ["sites.en:read"] }',
      '  - { handle: partner, uid: 0b7c9d3e-51f2-4c57-9a43-0d7b8c1e2f30, name: Partner, scope: ["sites.en:read"] }',
      '  - { handle: retired, name: Retired, enabled: false, expiryDate: "2020-01-01T00:00:00Z", scope: [] }',
      '',
    ].join('\n'),
  );
  return directory;
}

describe.each(['pglite', 'postgres'] as const)('content admin API (%s)', (kind) => {
  let service: ServiceProcess;
  let admin: GrafanaApi;
  let gql: GraphqlClient;
  let database: PostgresDatabase | undefined;
  let commandEnv: Record<string, string>;
  const directories: string[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-data-'));
    const project = projectDirectory();
    commandEnv = {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CONTENT_PROJECT_DIR: project,
    };
    directories.push(dataDir, project);
    if (kind === 'postgres') {
      database = await createPostgresDatabase('content_admin');
      commandEnv.DATABASE_URL = database.url;
    }
    service = await startService({
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ADMIN_PASSWORD,
      CONTENT_PROJECT_DIR: project,
      LOG_LEVEL: 'warn',
    });
    admin = new GrafanaApi(service.httpUrl, { basic: ['admin', ADMIN_PASSWORD] });
    gql = new GraphqlClient(service.httpUrl);
    const viewer = await admin.post('/api/admin/users', {
      login: 'viewer',
      email: 'viewer@example.com',
      password: 'viewer-secret',
    });
    expect(viewer.status).toBe(200);
  });
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  const ping = (token: string) => gql.post({ query: '{ping}' }, { token });
  const token = async (id: number) =>
    (await admin.get<TokenAnswer[]>('/api/content/tokens')).body.find((t) => t.id === id);

  it('refuses anyone but a server admin', async () => {
    for (const path of ['/api/content/schemas', '/api/content/tokens']) {
      expect((await admin.get(path, { auth: undefined })).status).toBe(401);
      const viewer = await admin.get(path, { auth: { basic: ['viewer', 'viewer-secret'] } });
      expect([viewer.status, viewer.body]).toEqual([403, { message: 'Permission denied' }]);
    }
    const rotate = await admin.post('/api/content/tokens/1/rotate', undefined, {
      auth: { basic: ['viewer', 'viewer-secret'] },
    });
    expect(rotate.status).toBe(403);
  });

  it('lists the schemas of the model with their state and token counts', async () => {
    const created = await admin.post<TokenAnswer>('/api/content/tokens', {
      name: 'counted',
      schema: 'partner',
    });
    expect(created.status).toBe(201);
    const { status, body } = await admin.get('/api/content/schemas');
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        uid: expect.any(String),
        handle: 'public',
        name: 'Public Schema',
        public: true,
        enabled: true,
        expiryDate: null,
        usable: true,
        scope: [expect.stringMatching(/^sites\.[0-9a-f-]{36}:read$/)],
        tokens: 0,
      },
      {
        uid: '0b7c9d3e-51f2-4c57-9a43-0d7b8c1e2f30',
        handle: 'partner',
        name: 'Partner',
        public: false,
        enabled: true,
        expiryDate: null,
        usable: true,
        scope: [expect.stringMatching(/^sites\.[0-9a-f-]{36}:read$/)],
        tokens: 1,
      },
      {
        uid: expect.any(String),
        handle: 'retired',
        name: 'Retired',
        public: false,
        enabled: false,
        expiryDate: '2020-01-01T00:00:00.000Z',
        usable: false,
        // No `sites.*` component: every site (content-model.md).
        scope: [expect.stringMatching(/^sites\.[0-9a-f-]{36}:read$/)],
        tokens: 0,
      },
    ]);
    const one = await admin.get('/api/content/schemas/0b7c9d3e-51f2-4c57-9a43-0d7b8c1e2f30');
    expect(one.body).toMatchObject({ handle: 'partner', tokens: 1 });
    const missing = await admin.get('/api/content/schemas/nope');
    expect([missing.status, missing.body]).toEqual([
      404,
      { message: 'GraphQL schema "nope" not found' },
    ]);
    expect((await admin.delete(`/api/content/tokens/${created.body.id}`)).status).toBe(200);
  });

  it('token lifecycle: create, use (lastUsed), disable, enable, expire, rotate, delete', async () => {
    const created = await admin.post<TokenAnswer>('/api/content/tokens', {
      name: 'Partner site',
      schema: 'partner',
    });
    expect(created.status).toBe(201);
    const { id, accessToken } = created.body;
    const first = accessToken!;
    expect(created.body).toMatchObject({ schema: 'partner', enabled: true, lastUsed: null });

    // Used: lastUsed is recorded (in the background), the token never listed.
    expect((await ping(first)).body).toEqual(PONG);
    await eventually('lastUsed to be recorded', async () =>
      (await token(id))?.lastUsed !== null ? true : undefined,
    );
    const listed = await admin.get('/api/content/tokens');
    expect(listed.text).not.toContain(first);
    const lastUsed = Date.parse((await token(id))!.lastUsed!);
    expect(Math.abs(Date.now() - lastUsed)).toBeLessThan(60_000);

    // Disable and enable, by id, uid or name.
    const disabled = await admin.patch<TokenAnswer>(`/api/content/tokens/${id}`, {
      enabled: false,
    });
    expect([disabled.status, disabled.body.enabled]).toEqual([200, false]);
    expect(disabled.body).not.toHaveProperty('accessToken');
    const refused = await ping(first);
    expect([refused.status, refused.body]).toEqual([400, INVALID_AUTHORIZATION]);
    await admin.patch(`/api/content/tokens/${encodeURIComponent('Partner site')}`, {
      enabled: true,
    });
    expect((await ping(first)).body).toEqual(PONG);

    // Expire (a past instant), then clear the expiry.
    const expired = await admin.patch<TokenAnswer>(`/api/content/tokens/${created.body.uid}`, {
      expiryDate: '2020-01-01T00:00:00Z',
    });
    expect(expired.body.expiryDate).toBe('2020-01-01T00:00:00.000Z');
    expect((await ping(first)).status).toBe(400);
    await admin.patch(`/api/content/tokens/${id}`, { expiryDate: null });
    expect((await ping(first)).body).toEqual(PONG);

    // Rotate: a new token, shown once; the old one stops working at once.
    const rotated = await admin.post<TokenAnswer>(`/api/content/tokens/${id}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id, name: 'Partner site', schema: 'partner' });
    const second = rotated.body.accessToken!;
    expect(second).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second).not.toBe(first);
    expect((await ping(first)).body).toEqual(INVALID_AUTHORIZATION);
    expect((await ping(second)).body).toEqual(PONG);
    expect((await admin.get(`/api/content/tokens/${id}`)).body).not.toHaveProperty('accessToken');

    // Delete.
    const deleted = await admin.delete(`/api/content/tokens/${id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { message: 'GraphQL token deleted', id }]);
    expect((await ping(second)).body).toEqual(INVALID_AUTHORIZATION);
    const gone = await admin.get(`/api/content/tokens/${id}`);
    expect([gone.status, gone.body]).toEqual([404, { message: `GraphQL token "${id}" not found` }]);
    expect((await admin.post(`/api/content/tokens/${id}/rotate`)).status).toBe(404);
  });

  it('answers bad changes with 400, a taken name with 409, an unknown token with 404', async () => {
    const a = await admin.post<TokenAnswer>('/api/content/tokens', {
      name: 'a',
      schema: 'partner',
    });
    await admin.post('/api/content/tokens', { name: 'b', schema: 'partner' });
    const cases: [unknown, number, string][] = [
      [{ schema: 'public' }, 400, 'unknown property "schema" (allowed: name, enabled, expiryDate)'],
      [{ enabled: 'no' }, 400, 'enabled must be true or false'],
      [
        { expiryDate: 'tomorrow' },
        400,
        'expiryDate must be null or an ISO 8601 date-time such as 2030-01-31T12:00:00Z',
      ],
      [{ name: 'b' }, 409, 'a GraphQL token named "b" already exists'],
      ['{not json', 400, 'the request body is not valid JSON'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await admin.patch(`/api/content/tokens/${a.body.id}`, body);
      expect(answer.status).toBe(status);
      // Grafana adds an empty traceID to its body-parser error.
      expect(answer.body).toMatchObject({ message });
    }
    const unknown = await admin.patch('/api/content/tokens/424242', { enabled: false });
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { message: 'GraphQL token "424242" not found' },
    ]);
    const renamed = await admin.patch<TokenAnswer>(`/api/content/tokens/${a.body.id}`, {
      name: ' c ',
    });
    expect(renamed.body.name).toBe('c');
  });

  it('content-tokens works beside the service on PostgreSQL; PGlite refuses while it runs', async () => {
    if (kind === 'pglite') {
      const locked = await contentTokens(commandEnv, 'list');
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('the database in DATA_DIR');
      expect(locked.stderr).toContain('PGlite serves one process at a time');
      return;
    }
    const created = await contentTokens(commandEnv, 'create', '-schema', 'partner', 'from cli');
    expect(created.code).toBe(0);
    const secret = created.stdout.trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.stderr).toMatch(/created token \d+ "from cli" \(schema partner\)/);
    expect((await ping(secret)).body).toEqual(PONG);
    const listed = await contentTokens(commandEnv, 'list');
    expect(listed.stdout).toMatch(/from cli\s+partner\s+yes\s+never/);
    expect((await contentTokens(commandEnv, 'disable', 'from cli')).code).toBe(0);
    expect((await ping(secret)).body).toEqual(INVALID_AUTHORIZATION);
    const schemas = await contentTokens(commandEnv, 'schemas');
    expect(schemas.stdout).toMatch(/^partner\s+Partner\s+no\s+yes\s+never\s+yes\s+\d+\s/m);
    const missing = await contentTokens(commandEnv, 'delete', 'nobody');
    expect([missing.code, missing.stderr.trim()]).toEqual([
      1,
      'content-tokens: GraphQL token "nobody" not found',
    ]);
  });
});
