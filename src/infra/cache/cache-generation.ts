import { randomBytes } from 'node:crypto';

/**
 * A new generation: random rather than a counter, so that a generation lost with the store (a
 * restart, an eviction) can never come back and revive entries stored under it.
 */
export function newGeneration(): string {
  return randomBytes(8).toString('hex');
}
