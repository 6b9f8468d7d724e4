import { Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { HealthState } from '../health/health-state';
import { Database } from './database';
import { DatabaseConnection, openDatabase } from './connection';
import { DatabaseHealth } from './health';
import { MIGRATIONS } from './migrations';
import { runMigrations } from './migrations/migration-runner';

const DATABASE_CONNECTION = Symbol('DatabaseConnection');

/**
 * Opens the database at boot (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), applies the
 * migrations in one transaction (a failure stops the boot with the reason), and closes it after
 * the listeners have drained.
 */
async function connect(settings: Settings): Promise<DatabaseConnection> {
  const logger = new Logger('Database');
  const {
    databaseUrl,
    dataDir,
    databasePoolSize,
    pgliteWorker,
    pgliteInitdbInChild,
    pgliteSharedBuffersMb,
  } = settings.identity;
  const started = performance.now();
  const connection = await openDatabase({
    url: databaseUrl,
    dataDir,
    poolSize: databasePoolSize,
    pgliteWorker,
    pgliteInitdbInChild,
    pgliteSharedBuffersMb,
  });
  try {
    const report = await runMigrations(connection.db, MIGRATIONS);
    if (report.unknown.length > 0) {
      logger.warn(
        `the database has migrations this build does not know (${report.unknown.join(', ')}): a newer version migrated it`,
      );
    }
    const elapsed = Math.round(performance.now() - started);
    const migrated =
      report.applied.length > 0 ? `, applied ${report.applied.join(', ')}` : ', schema up to date';
    logger.log(`database: ${connection.description}${migrated} (${elapsed} ms)`);
    if (connection.driver === 'pglite') {
      logger.log(
        'PGlite serves one instance; set DATABASE_URL to share the data between several instances',
      );
    }
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

/** Health probing while running; closing after the HTTP listener has drained. */
class DatabaseLifecycle implements OnApplicationShutdown {
  private readonly healthProbe: DatabaseHealth;

  constructor(
    private readonly connection: DatabaseConnection,
    health: HealthState,
  ) {
    this.healthProbe = new DatabaseHealth(connection, health);
    this.healthProbe.start();
  }

  /** After the HTTP listener has drained (destroy hooks run before it closes). */
  async onApplicationShutdown(): Promise<void> {
    this.healthProbe.stop();
    await this.connection.close();
  }
}

/** The shared database: exports `Database` (transactions and the executor for repositories). */
@Module({
  providers: [
    { provide: DATABASE_CONNECTION, inject: [Settings], useFactory: connect },
    {
      provide: DatabaseLifecycle,
      inject: [DATABASE_CONNECTION, HealthState],
      useFactory: (connection: DatabaseConnection, health: HealthState) =>
        new DatabaseLifecycle(connection, health),
    },
    {
      provide: Database,
      inject: [DATABASE_CONNECTION],
      useFactory: (connection: DatabaseConnection) =>
        new Database(connection.db, connection.driver),
    },
  ],
  exports: [Database],
})
export class DatabaseModule {}
