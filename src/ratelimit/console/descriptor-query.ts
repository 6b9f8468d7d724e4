import { Entry } from '../rules/tree';
import { ConsoleInputError } from './console-errors';

/** Bounds of a looked-up descriptor: the decision path's own (MAX_DESCRIPTOR_*_BYTES). */
export interface DescriptorBounds {
  readonly maxKeyBytes: number;
  readonly maxValueBytes: number;
  readonly maxEntries: number;
}

/**
 * `k=v,k2=v2` (the console's descriptor text) to entries: split on `,`, each entry on its first
 * `=`; a value may hold further `=`. Anything else is the operator's mistake, said plainly.
 */
export function parseDescriptor(text: unknown, bounds: DescriptorBounds): Entry[] {
  if (typeof text !== 'string' || text === '') {
    throw new ConsoleInputError('descriptor is missing: descriptor=key=value,key2=value2');
  }
  const parts = text.split(',');
  if (parts.length > bounds.maxEntries) {
    throw new ConsoleInputError(
      `descriptor has ${parts.length} entries; at most ${bounds.maxEntries}`,
    );
  }
  return parts.map((part, i) => {
    const at = part.indexOf('=');
    if (at <= 0) {
      throw new ConsoleInputError(
        `descriptor entry ${i + 1} (${JSON.stringify(part.slice(0, 64))}) is not key=value`,
      );
    }
    const key = part.slice(0, at);
    const value = part.slice(at + 1);
    if (Buffer.byteLength(key) > bounds.maxKeyBytes) {
      throw new ConsoleInputError(
        `descriptor entry ${i + 1}: key is longer than ${bounds.maxKeyBytes} bytes`,
      );
    }
    if (Buffer.byteLength(value) > bounds.maxValueBytes) {
      throw new ConsoleInputError(
        `descriptor entry ${i + 1} (${key}): value is longer than ${bounds.maxValueBytes} bytes`,
      );
    }
    return { key, value };
  });
}

/** A required query text parameter, bounded. */
export function requiredText(value: unknown, name: string, maxBytes: number): string {
  if (typeof value !== 'string' || value === '') {
    throw new ConsoleInputError(`${name} is missing`);
  }
  if (Buffer.byteLength(value) > maxBytes) {
    throw new ConsoleInputError(`${name} is longer than ${maxBytes} bytes`);
  }
  return value;
}
