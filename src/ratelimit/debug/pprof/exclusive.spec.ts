import { Exclusive } from './exclusive';

describe('Exclusive', () => {
  it('has one holder at a time and is free again once released', () => {
    const lock = new Exclusive();
    const release = lock.tryAcquire();
    expect(release).toBeDefined();
    expect(lock.busy).toBe(true);
    expect(lock.tryAcquire()).toBeUndefined();
    release!();
    expect(lock.busy).toBe(false);
    const again = lock.tryAcquire();
    expect(again).toBeDefined();
    release!(); // a stale release must not free the new holder's lock
    expect(lock.busy).toBe(true);
    again!();
  });
});
