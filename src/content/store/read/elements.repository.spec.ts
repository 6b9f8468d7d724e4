import { freshPostgresDatabase } from '../../../infra/database/postgres.fixtures';
import { elementStoreSuite } from './elements.repository.suite';

// node-postgres: bigint ids come back as strings, timestamps as Dates.
describe('ElementsRepository on PostgreSQL', () => {
  elementStoreSuite(async () => {
    const { db, drop } = await freshPostgresDatabase();
    return { db, close: drop };
  });
});
