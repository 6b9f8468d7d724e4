import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPostgresDatabase,
  type PostgresDatabase,
} from '../../../../test/support/postgres-database';
import type { CommandIo } from '../../cli/command';
import { contentTokens } from './content-tokens.command';

/** A command run: exit code and what it printed. */
interface Run {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

let database: PostgresDatabase;
let directory: string;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createPostgresDatabase('tokens_cli');
  directory = mkdtempSync(join(tmpdir(), 'tokens-cli-'));
  const project = join(directory, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'model.yaml'),
    [
      'sites:',
      '  - { handle: en, name: English, language: en-US, primary: true, baseUrl: "http://localhost/" }',
      'graphqlSchemas:',
      '  - { handle: public, name: Public Schema, public: true, scope: ["sites.en:read"] }',
      '  - { handle: partner, name: Partner, scope: ["sites.en:read"] }',
      '',
    ].join('\n'),
  );
  env = {
    DATABASE_URL: database.url,
    DATA_DIR: join(directory, 'data'),
    CONTENT_PROJECT_DIR: project,
    ADMIN_PASSWORD: 'admin-secret',
    LOG_LEVEL: 'warn',
  };
});
afterAll(async () => {
  await database.drop();
  rmSync(directory, { recursive: true, force: true });
});

async function run(...argv: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    progress: { isTTY: false, columns: undefined, write: () => undefined },
  };
  const code = await contentTokens(argv, io);
  return { code, out, err };
}

describe('content-tokens', () => {
  it('prints its usage for no or an unknown command (exit 2)', async () => {
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.err[0]).toBe('usage: content-tokens <command> [flags] [arguments]');
    expect(none.err.join('\n')).toContain('rotate [-json] <id|uid|name>');
    const unknown = await run('frobnicate');
    expect(unknown.err[0]).toBe('unknown command: frobnicate');
    const missing = await run('rotate');
    expect([missing.code, missing.err[0]]).toEqual([2, 'missing arguments']);
  });

  it('lists the schemas with their token counts', async () => {
    const { code, out } = await run('schemas');
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^handle\s+name\s+public\s+enabled\s+expires\s+usable\s+tokens\s+uid$/);
    expect(out[1]).toMatch(/^public\s+Public Schema\s+yes\s+yes\s+never\s+yes\s+-\s/);
    expect(out[2]).toMatch(/^partner\s+Partner\s+no\s+yes\s+never\s+yes\s+0\s/);
    const json = await run('schemas', '-json');
    expect(JSON.parse(json.out.join('\n'))).toEqual([
      expect.objectContaining({ handle: 'public', public: true, tokens: 0 }),
      expect.objectContaining({ handle: 'partner', public: false, tokens: 0, usable: true }),
    ]);
  });

  it('creates, lists, disables, enables, expires, rotates and deletes a token', async () => {
    const created = await run('create', '-schema', 'partner', 'Partner site');
    expect(created.code).toBe(0);
    expect(created.out).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{32}$/)]);
    expect(created.err[0]).toMatch(
      /^created token (\d+) "Partner site" \(schema partner\): enabled, never expires$/,
    );
    const id = /token (\d+)/.exec(created.err[0])![1];

    const listed = await run('list');
    expect(listed.out[0]).toMatch(/^id\s+name\s+schema\s+enabled\s+expires\s+last used\s+created$/);
    expect(listed.out[1]).toMatch(
      new RegExp(`^${id}\\s+Partner site\\s+partner\\s+yes\\s+never\\s+never\\s+\\d{4}-`),
    );
    expect(listed.out.join('\n')).not.toContain(created.out[0]);

    expect((await run('disable', 'Partner site')).out).toEqual([
      `token ${id} "Partner site" (schema partner): disabled, never expires`,
    ]);
    expect((await run('enable', id)).out[0]).toContain(': enabled, never expires');
    expect((await run('expire', id, '2031-01-02')).out[0]).toContain(
      ': enabled, expires 2031-01-02T00:00:00Z',
    );
    expect((await run('expire', id, 'never')).out[0]).toContain(': enabled, never expires');
    expect((await run('expire', id)).out[0]).toMatch(/: enabled, expires \d{4}-/);

    const rotated = await run('rotate', '-json', id);
    const view = JSON.parse(rotated.out.join('\n')) as { id: number; accessToken: string };
    expect(view.id).toBe(Number(id));
    expect(view.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(view.accessToken).not.toBe(created.out[0]);

    expect((await run('schemas', '-json')).out.join('')).toContain('"tokens": 1');
    expect((await run('delete', id)).out).toEqual([`deleted token ${id} "Partner site"`]);
    expect((await run('list')).out).toEqual(['no GraphQL tokens']);
  });

  it('reports what the operator must fix in one line (exit 1 through the runner)', async () => {
    await expect(run('create', 'no schema')).rejects.toThrow(
      '-schema is required: the handle of a private schema',
    );
    await expect(run('create', '-schema', 'public', 'x')).rejects.toThrow(
      '"public" is the public schema: it is used without a token',
    );
    await expect(run('create', '-schema', 'partner', '-expires', 'soon', 'x')).rejects.toThrow(
      'expiryDate must be null or an ISO 8601 date-time',
    );
    await expect(run('rotate', 'nobody')).rejects.toThrow('GraphQL token "nobody" not found');
    await run('create', '-schema', 'partner', 'taken');
    await expect(run('create', '-schema', 'partner', 'taken')).rejects.toThrow(
      'a GraphQL token named "taken" already exists',
    );
  });
});
