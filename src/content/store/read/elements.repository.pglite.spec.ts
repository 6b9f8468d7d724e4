import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import * as schema from '../../../infra/database/schema';
import { elementStoreSuite } from './elements.repository.suite';

/**
 * PGlite loads its parts with dynamic `import()`, which jest's sandbox only allows with
 * `NODE_OPTIONS=--experimental-vm-modules`; without it this suite is skipped (the end-to-end
 * suites run the built service on PGlite too).
 */
const vmModules = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`.includes(
  '--experimental-vm-modules',
);

(vmModules ? describe : describe.skip)('ElementsRepository on PGlite (in memory)', () => {
  elementStoreSuite(async () => {
    const client = await PGlite.create();
    const db = drizzle({ client, schema }) as unknown as DrizzleExecutor;
    return { db, close: () => client.close() };
  });
});
