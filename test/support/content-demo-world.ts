import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { GrafanaApi } from './grafana-api';
import { GraphqlClient } from './graphql-client';
import { PROJECT_ROOT, ServiceProcess, startService } from './service-process';

export const CONTENT_ADMIN_PASSWORD = 'content-admin-secret';

export interface ContentDemoOptions {
  /** Files added to (or replacing files of) the copy of config/content/project: name → YAML. */
  readonly projectFiles?: Readonly<Record<string, string>>;
  /** Files added to the copy of config/content/seed: relative path → content. */
  readonly seedFiles?: Readonly<Record<string, string | Buffer>>;
  /** More service settings (they win over the defaults). */
  readonly env?: Readonly<Record<string, string>>;
}

/** What a content token answer of the admin API holds (the parts tests use). */
export interface ContentTokenAnswer {
  readonly id: number;
  readonly name: string;
  readonly schema: string | null;
  readonly enabled: boolean;
  readonly expiryDate: string | null;
  readonly accessToken?: string;
}

export interface ContentDemoWorld {
  readonly service: ServiceProcess;
  /** The endpoint at /graphql without a token (the public schema). */
  readonly gql: GraphqlClient;
  /** The Grafana API as the server admin (content tokens live there). */
  readonly api: GrafanaApi;
  readonly projectDir: string;
  /**
   * Writes a file of the project copy the way editors and deploys do it (a hidden temporary
   * file renamed into place), so the service's watcher reloads the model from whole files.
   */
  writeProjectFile(name: string, text: string): void;
  removeProjectFile(name: string): void;
  /** Creates a token through the admin API (expects 201) and returns the answer. */
  createToken(body: Readonly<Record<string, unknown>>): Promise<ContentTokenAnswer>;
  /** A client that sends a new token of `schema`. */
  clientFor(schema: string, name?: string): Promise<GraphqlClient>;
  /** The admin's client for the full schema (Basic auth and `X-Craft-Gql-Schema: *`). */
  fullSchemaClient(): GraphqlClient;
  stop(): Promise<void>;
}

/**
 * One service on PGlite (a fresh temporary DATA_DIR) serving copies of the demo content model and
 * the demo content, with test-specific files added to either, so that a test may change the model
 * while the service runs without touching config/content.
 */
export async function startContentDemo(
  options: ContentDemoOptions = {},
): Promise<ContentDemoWorld> {
  const root = mkdtempSync(join(tmpdir(), 'content-demo-'));
  const projectDir = join(root, 'project');
  const seedDir = join(root, 'seed');
  const dataDir = join(root, 'data');
  cpSync(join(PROJECT_ROOT, 'config', 'content', 'project'), projectDir, { recursive: true });
  cpSync(join(PROJECT_ROOT, 'config', 'content', 'seed'), seedDir, { recursive: true });
  mkdirSync(dataDir);
  for (const [name, text] of Object.entries(options.projectFiles ?? {})) {
    writeFileSync(join(projectDir, name), text);
  }
  for (const [name, content] of Object.entries(options.seedFiles ?? {})) {
    mkdirSync(dirname(join(seedDir, name)), { recursive: true });
    writeFileSync(join(seedDir, name), content);
  }
  let service: ServiceProcess;
  try {
    service = await startService({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: CONTENT_ADMIN_PASSWORD,
      CONTENT_PROJECT_DIR: projectDir,
      CONTENT_SEED_DIR: seedDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const api = new GrafanaApi(service.httpUrl, { basic: ['admin', CONTENT_ADMIN_PASSWORD] });
  const gql = new GraphqlClient(service.httpUrl);
  let tokens = 0;
  const createToken = async (body: Readonly<Record<string, unknown>>) => {
    const answer = await api.post<ContentTokenAnswer>('/api/content/tokens', body);
    if (answer.status !== 201) {
      throw new Error(`token not created (${answer.status}): ${answer.text}`);
    }
    return answer.body;
  };
  return {
    service,
    gql,
    api,
    projectDir,
    writeProjectFile: (name, text) => {
      const temporary = join(projectDir, `.${name}.tmp`);
      writeFileSync(temporary, text);
      renameSync(temporary, join(projectDir, name));
    },
    removeProjectFile: (name) => rmSync(join(projectDir, name)),
    createToken,
    clientFor: async (schema, name) => {
      tokens += 1;
      const token = await createToken({ name: name ?? `${schema} ${tokens}`, schema });
      return gql.withToken(token.accessToken);
    },
    fullSchemaClient: () => {
      const basic = Buffer.from(`admin:${CONTENT_ADMIN_PASSWORD}`).toString('base64');
      return new GraphqlClient(service.httpUrl, '/graphql', {
        headers: { authorization: `Basic ${basic}`, 'x-craft-gql-schema': '*' },
      });
    },
    stop: async () => {
      await service.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
