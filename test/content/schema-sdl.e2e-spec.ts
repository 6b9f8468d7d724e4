import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import {
  CONTENT_ADMIN_PASSWORD,
  ContentDemoWorld,
  startContentDemo,
} from '../support/content-demo-world';
import { introspectServedSchema } from '../support/content-introspection';
import { GraphqlClient } from '../support/graphql-client';

/**
 * The printed SDL of every schema the demo project serves (the public schema, each token schema
 * of config/content/project/graphql.yaml, and the full schema an admin picks with `*`), read by
 * introspection over HTTP and compared with committed fixtures. The fixtures were written from
 * the graphql-js builder before the content API moved onto `@nestjs/graphql`: the same files
 * prove that the move serves the same schemas. Sorted (lexicographicSortSchema) so that the
 * order types are registered in does not matter; names, types, arguments, defaults,
 * descriptions and deprecations do.
 *
 * After a deliberate schema change, regenerate with `UPDATE_SDL_FIXTURES=1` and review the diff.
 */

const FIXTURES = join(__dirname, 'fixtures', 'sdl');
const UPDATE = process.env.UPDATE_SDL_FIXTURES === '1';

describe('served schema SDL of the demo project', () => {
  let world: ContentDemoWorld;
  let admin: (schema: string) => GraphqlClient;

  beforeAll(async () => {
    world = await startContentDemo();
    const basic = `Basic ${Buffer.from(`admin:${CONTENT_ADMIN_PASSWORD}`).toString('base64')}`;
    admin = (schema) =>
      new GraphqlClient(world.service.httpUrl, '/graphql', {
        headers: { authorization: basic, 'x-craft-gql-schema': schema },
      });
  });

  afterAll(async () => {
    await world?.stop();
  });

  async function expectSdl(name: string, client: GraphqlClient): Promise<void> {
    const schema = await introspectServedSchema(client);
    const sdl = `${printSchema(lexicographicSortSchema(schema))}\n`;
    const file = join(FIXTURES, `${name}.graphql`);
    if (UPDATE) {
      mkdirSync(FIXTURES, { recursive: true });
      writeFileSync(file, sdl);
    }
    expect(sdl).toBe(readFileSync(file, 'utf8'));
  }

  it('serves the public schema without a token', async () => {
    await expectSdl('public', world.gql);
  });

  it.each(['editorial', 'partner'])('serves the %s schema to its tokens', async (schema) => {
    await expectSdl(schema, await world.clientFor(schema));
  });

  it('serves the full schema to an admin choosing `*`', async () => {
    await expectSdl('full', admin('*'));
  });

  it('serves the same schema to a token and to an admin choosing it by handle', async () => {
    const byToken = printSchema(await introspectServedSchema(await world.clientFor('partner')));
    const byAdmin = printSchema(await introspectServedSchema(admin('partner')));
    expect(byAdmin).toBe(byToken);
  });
});
