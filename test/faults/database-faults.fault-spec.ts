import { eventually, healthBecomes } from '../support/eventually';
import { startLoad } from '../support/load-loop';
import { createPostgresDatabase } from '../support/postgres-database';
import { startService } from '../support/service-process';

/*
 * PostgreSQL connections lost under steady load on the teams API: every server connection of the
 * service's database is terminated (as a failover or a restarted server does), repeatedly. The
 * service must not crash, must answer errors rather than hang, and must recover by itself.
 */
describe('PostgreSQL connections lost under load', () => {
  it('teams requests recover without a restart and health follows the database', async () => {
    const database = await createPostgresDatabase('faults');
    const service = await startService({
      DATABASE_URL: database.url,
      ADMIN_USER: 'admin',
      ADMIN_PASSWORD: 'fault-secret',
    });
    const auth = `Basic ${Buffer.from('admin:fault-secret').toString('base64')}`;
    const search = async () => {
      const response = await fetch(`${service.httpUrl}/api/teams/search?query=fault`, {
        headers: { authorization: auth },
        // A request hanging on a lost connection ends here, failing the status check below.
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
    };
    const load = startLoad(search, 4, 20_000);
    try {
      await eventually(
        'steady successes',
        () => (load.outcomes.filter((o) => o.ok).length > 50 ? true : undefined),
        15_000,
      );
      // Health is read all along: the cut must show as unhealthy, not only the recovery as healthy.
      const health: number[] = [];
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          health.push(
            await fetch(`${service.httpUrl}/healthcheck`).then(
              (r) => r.status,
              () => 0,
            ),
          );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const cutAt = performance.now();
      for (let i = 0; i < 3; i++) {
        await database.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}' AND pid <> pg_backend_pid()`,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await eventually(
        'successes after the connections were cut',
        () => (load.after(cutAt + 600).filter((o) => o.ok).length > 50 ? true : undefined),
        15_000,
      );
      const during = load.after(cutAt);
      for (const failure of during.filter((o) => !o.ok)) {
        expect(failure.error).toMatch(/^status 5\d\d$/);
      }
      await eventually('/healthcheck 500 after the cut', () =>
        health.includes(500) ? true : undefined,
      );
      watching = false;
      await watcher;
      await healthBecomes(service.httpUrl, 200, 15_000);
      expect(service.child.exitCode).toBeNull();
    } finally {
      await load.stop();
      await service.stop();
      await database.drop();
    }
  });
});
