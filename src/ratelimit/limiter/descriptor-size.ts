import { RateLimitRequest } from './rate-limit.model';

/** The size caps of a decision request's descriptors, in UTF-8 bytes (MAX_DESCRIPTOR_*_BYTES). */
export interface DescriptorSizeLimits {
  readonly maxKeyBytes: number;
  readonly maxValueBytes: number;
  /** A descriptor's counter key base: prefix, domain, every key and value and the separators. */
  readonly maxCacheKeyBytes: number;
}

/**
 * Whether `text` is longer than `max` UTF-8 bytes, without encoding it in the common cases: a
 * UTF-16 code unit is 1 to 3 UTF-8 bytes (a surrogate pair, two units, is 4), so the length alone
 * decides unless it lies between max/3 and max. `Buffer.byteLength` allocates nothing either.
 */
export function longerThan(text: string, max: number): boolean {
  const units = text.length;
  if (units > max) return true;
  if (units * 3 <= max) return false;
  return Buffer.byteLength(text, 'utf8') > max;
}

/**
 * The first descriptor key or value over its cap, or a descriptor whose counter key would be, as
 * the message of an INVALID_ARGUMENT / 400; undefined when every one fits. Runs on every decision:
 * one pass over the entries reading string lengths, no allocation unless it fails.
 */
export function descriptorSizeProblem(
  request: RateLimitRequest,
  prefix: string,
  limits: DescriptorSizeLimits,
): string | undefined {
  const { maxKeyBytes, maxValueBytes, maxCacheKeyBytes } = limits;
  // `<prefix><domain>_` then `<key>_<value>_` per entry, as cache-key.ts writes it.
  const baseUnits = prefix.length + request.domain.length + 1;
  const { descriptors } = request;
  for (let i = 0; i < descriptors.length; i++) {
    const entries = descriptors[i].entries;
    let units = baseUnits;
    for (let j = 0; j < entries.length; j++) {
      const { key, value } = entries[j];
      if (longerThan(key, maxKeyBytes)) {
        return `descriptors[${i}].entries[${j}].key is longer than ${maxKeyBytes} bytes (MAX_DESCRIPTOR_KEY_BYTES)`;
      }
      if (longerThan(value, maxValueBytes)) {
        return `descriptors[${i}].entries[${j}].value is longer than ${maxValueBytes} bytes (MAX_DESCRIPTOR_VALUE_BYTES)`;
      }
      units += key.length + value.length + 2;
    }
    if (units * 3 > maxCacheKeyBytes && cacheKeyBytes(request, i, prefix) > maxCacheKeyBytes) {
      return `descriptors[${i}] makes a counter key longer than ${maxCacheKeyBytes} bytes (MAX_CACHE_KEY_BYTES)`;
    }
  }
  return undefined;
}

/** The UTF-8 length of descriptor `index`'s counter key base (the rare exact case). */
function cacheKeyBytes(request: RateLimitRequest, index: number, prefix: string): number {
  let bytes = Buffer.byteLength(prefix, 'utf8') + Buffer.byteLength(request.domain, 'utf8') + 1;
  for (const { key, value } of request.descriptors[index].entries) {
    bytes += Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8') + 2;
  }
  return bytes;
}
