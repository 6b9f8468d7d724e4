import { ManualClock } from '../../infra/clock/clock';
import { AttemptTicket, LoginThrottle } from './login-throttle';

const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const ALICE = [LoginThrottle.loginKey('alice')];

function throttleWith(maxKeys = 100) {
  const clock = new ManualClock(T0);
  const throttle = new LoginThrottle({ maxAttempts: 5, windowMs: 5 * MINUTE, maxKeys }, clock);
  return { clock, throttle };
}

async function admitted(throttle: LoginThrottle, keys: string[]): Promise<AttemptTicket> {
  const ticket = await throttle.begin(keys);
  if (ticket === 'locked') throw new Error(`expected ${keys.join()} to be admitted`);
  return ticket;
}

async function fail(throttle: LoginThrottle, keys: string[], times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) (await admitted(throttle, keys)).failed();
}

describe('LoginThrottle', () => {
  it('locks a login after 5 failures in the window, until the oldest leaves it', async () => {
    const { clock, throttle } = throttleWith();
    await fail(throttle, ALICE, 4);
    clock.advance(MINUTE);
    await fail(throttle, ALICE, 1);
    expect(await throttle.begin(ALICE)).toBe('locked');
    clock.advance(4 * MINUTE - 1);
    expect(await throttle.begin(ALICE)).toBe('locked');
    clock.advance(1);
    // The first four left the window: four more attempts before the lock returns.
    await fail(throttle, ALICE, 4);
    expect(await throttle.begin(ALICE)).toBe('locked');
  });

  it('keys logins case-insensitively and leaves other logins alone', async () => {
    const { throttle } = throttleWith();
    await fail(throttle, [LoginThrottle.loginKey('Alice')], 5);
    expect(await throttle.begin(ALICE)).toBe('locked');
    (await admitted(throttle, [LoginThrottle.loginKey('bob')])).succeeded();
  });

  it('a success ends the run of failures of a login, not of an address', async () => {
    const { throttle } = throttleWith();
    const address = LoginThrottle.addressKey('10.0.0.1');
    await fail(throttle, [...ALICE, address], 4);
    (await admitted(throttle, [...ALICE, address])).succeeded();
    expect(throttle.recentFailures(ALICE[0])).toBe(0);
    expect(throttle.recentFailures(address)).toBe(4);
    await fail(throttle, [LoginThrottle.loginKey('bob'), address], 1);
    expect(await throttle.begin([LoginThrottle.loginKey('carol'), address])).toBe('locked');
    (await admitted(throttle, ALICE)).succeeded();
  });

  it("a success ends an account's run of failures, whichever identifier failed", async () => {
    const { throttle } = throttleWith();
    const account = [LoginThrottle.accountKey(7)];
    await fail(throttle, account, 4);
    (await admitted(throttle, account)).succeeded();
    expect(throttle.recentFailures(account[0])).toBe(0);
    // Four more failures do not lock it: the run started again at the success.
    await fail(throttle, account, 4);
    (await admitted(throttle, account)).succeeded();
  });

  it('lets only as many checks run as failures are left; the rest wait and are then refused', async () => {
    const { throttle } = throttleWith();
    const first = await Promise.all([1, 2, 3, 4, 5].map(() => admitted(throttle, ALICE)));
    let sixth: AttemptTicket | 'locked' | undefined;
    const waiting = throttle.begin(ALICE).then((ticket) => (sixth = ticket));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sixth).toBeUndefined();
    for (const ticket of first) ticket.failed();
    await waiting;
    expect(sixth).toBe('locked');
  });

  it('a waiting check goes ahead when one in flight succeeds or is abandoned', async () => {
    const { throttle } = throttleWith();
    await fail(throttle, ALICE, 3);
    const [a, b] = [await admitted(throttle, ALICE), await admitted(throttle, ALICE)];
    const waiting = throttle.begin(ALICE);
    a.abandoned();
    a.failed(); // settling twice changes nothing
    const third = await waiting;
    expect(third).not.toBe('locked');
    b.succeeded();
    expect(throttle.recentFailures(ALICE[0])).toBe(0);
  });

  it('forgets the least recently failed key beyond maxKeys, and counts it', async () => {
    const { throttle } = throttleWith(2);
    await fail(throttle, ['login:a'], 1);
    await fail(throttle, ['login:b'], 1);
    await fail(throttle, ['login:a'], 1);
    await fail(throttle, ['login:c'], 1);
    expect([throttle.trackedKeys, throttle.evictions]).toEqual([2, 1]);
    expect(throttle.recentFailures('login:b')).toBe(0);
    expect(throttle.recentFailures('login:a')).toBe(2);
  });
});
