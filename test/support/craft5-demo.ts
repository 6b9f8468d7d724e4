import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ContentDemoWorld, startContentDemo } from './content-demo-world';
import { createPostgresDatabase, type PostgresDatabase } from './postgres-database';
import { PROJECT_ROOT } from './service-process';

export interface ExtendedDemoOptions {
  readonly database: 'pglite' | 'postgres';
  readonly craftVersion: '4' | '5';
  /** A project file with top-level `entryTypes` and `fields`, as a Craft 5 site writes them. */
  readonly entryTypes: string;
  /** Section items appended to the demo's `sections.yaml` (indented list items). */
  readonly sections: string;
  readonly seedFiles: Readonly<Record<string, string>>;
  /** The prefix of the PostgreSQL database's name. */
  readonly databaseName: string;
}

export interface ExtendedDemo {
  readonly world: ContentDemoWorld;
  stop(): Promise<void>;
}

/** The demo project plus a site's own entry types and sections, on PGlite or a fresh PostgreSQL. */
export async function startExtendedDemo(options: ExtendedDemoOptions): Promise<ExtendedDemo> {
  const postgres: PostgresDatabase | undefined =
    options.database === 'postgres'
      ? await createPostgresDatabase(options.databaseName)
      : undefined;
  const sections = readFileSync(
    join(PROJECT_ROOT, 'config', 'content', 'project', 'sections.yaml'),
    'utf8',
  );
  const world = await startContentDemo({
    env: {
      GRAPHQL_CRAFT_VERSION: options.craftVersion,
      ...(postgres && { DATABASE_URL: postgres.url }),
    },
    projectFiles: {
      'entry-types.yaml': options.entryTypes,
      'sections.yaml': sections + options.sections,
    },
    seedFiles: { ...options.seedFiles },
  });
  return {
    world,
    stop: async () => {
      await world.stop();
      await postgres?.drop();
    },
  };
}
