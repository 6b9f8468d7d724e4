import { ManualClock } from '../infra/clock/clock';
import { DecisionFailureLog } from './decision-failure-log';

describe('DecisionFailureLog', () => {
  it('reports the first failure, then once a minute with a count, then the recovery', () => {
    const clock = new ManualClock(1_000_000);
    const lines: string[] = [];
    const log = new DecisionFailureLog(clock, { warn: (message) => lines.push(message) });

    log.succeeded();
    expect(lines).toEqual([]);

    log.failed('graphql', new Error('counter store (kvstore) failed: down'));
    for (let i = 0; i < 5; i++) {
      clock.advance(10_000);
      log.failed('teams', new Error('counter store (kvstore) failed: down'));
    }
    expect(lines).toEqual([
      'no rate limit decision for a graphql API request; allowed (fail open): counter store (kvstore) failed: down',
    ]);
    clock.advance(10_000);
    log.failed('graphql', 'not an Error');
    expect(lines[1]).toBe(
      'no rate limit decision for a graphql API request; allowed (fail open) (6 requests since the last report): not an Error',
    );
    log.failed('graphql', new Error('again'));
    log.succeeded();
    log.succeeded();
    expect(lines.slice(2)).toEqual([
      'rate limit decisions for the APIs work again (1 more allowed without one)',
    ]);

    // A new outage is reported at once.
    log.failed('teams', new Error('down again'));
    expect(lines).toHaveLength(4);
  });
});
