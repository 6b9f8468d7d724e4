import { createHmac, randomBytes } from 'node:crypto';

/**
 * Remembers, for a few minutes, that a password matched a stored hash, so Basic authentication
 * does not pay a full scrypt on every request of a client (the Go client sends credentials with
 * each call). The entry is an HMAC under a per-process random key of user, stored hash and
 * password: a changed password hash invalidates it, and nothing usable leaves the process.
 * Failed attempts are never remembered; each costs a full scrypt.
 */
export class VerifiedPasswords {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, number>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  has(userId: number, storedHash: string, password: string): boolean {
    const id = this.id(userId, storedHash, password);
    const expires = this.entries.get(id);
    if (expires === undefined) return false;
    if (expires <= this.now()) {
      this.entries.delete(id);
      return false;
    }
    return true;
  }

  remember(userId: number, storedHash: string, password: string): void {
    const id = this.id(userId, storedHash, password);
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, this.now() + this.ttlMs);
  }

  private id(userId: number, storedHash: string, password: string): string {
    return createHmac('sha256', this.key)
      .update(`${userId}\0${storedHash}\0${password}`)
      .digest('base64');
  }
}
