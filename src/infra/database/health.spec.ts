import { HealthState } from '../health/health-state';
import type { DatabaseConnection } from './connection';
import { DATABASE_HEALTH_COMPONENT, DatabaseHealth } from './health';

function fakeConnection() {
  let answers = true;
  let onError: ((error: Error) => void) | undefined;
  const connection: DatabaseConnection = {
    driver: 'postgres',
    db: undefined as never,
    description: 'fake',
    ping: () => (answers ? Promise.resolve() : Promise.reject(new Error('connection refused'))),
    onError: (listener) => (onError = listener),
    close: () => Promise.resolve(),
  };
  return {
    connection,
    setAnswers: (value: boolean) => (answers = value),
    fail: (error: Error) => onError?.(error),
  };
}

describe('DatabaseHealth', () => {
  it('reports the database component, following pings and pool errors', async () => {
    const fake = fakeConnection();
    const state = new HealthState();
    const health = new DatabaseHealth(fake.connection, state, 60_000);
    health.start();
    expect(state.snapshot().get(DATABASE_HEALTH_COMPONENT)).toBe(true);
    fake.setAnswers(false);
    expect(await health.probe()).toBe(false);
    expect(state.isHealthy()).toBe(false);
    fake.setAnswers(true);
    expect(await health.probe()).toBe(true);
    fake.fail(new Error('terminating connection due to administrator command'));
    expect(state.isHealthy()).toBe(false);
    health.stop();
  });
});
