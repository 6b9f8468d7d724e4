import fc from 'fast-check';

import type { RateLimitRequest, RequestDescriptor } from '../limiter/rate-limit.model';

// Shared by the property tests of the /json and gRPC request decoders (docs/testing.md#property-tests).

const UINT32_MAX = 2 ** 32 - 1;

/** Any text, with the empty string (proto3's default) often. */
const text = fc.oneof(fc.constant(''), fc.string({ unit: 'binary', maxLength: 10 }));

/** Requests every transport can carry: uint32 counts, override units 0..6 (UNKNOWN..YEAR). */
export const validRequestArb: fc.Arbitrary<RateLimitRequest> = fc.record({
  domain: text,
  descriptors: fc.array(
    fc.record({
      entries: fc.array(fc.record({ key: text, value: text }), { maxLength: 3 }),
      limit: fc.option(
        fc.record({
          requestsPerUnit: fc.nat({ max: UINT32_MAX }),
          unit: fc.integer({ min: 0, max: 6 }),
        }),
        { nil: undefined },
      ),
      hitsAddend: fc.option(fc.nat({ max: Number.MAX_SAFE_INTEGER }), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
  hitsAddend: fc.nat({ max: UINT32_MAX }),
});

export interface WellFormedBounds {
  /** The largest descriptor hits_addend the transport can hand over. */
  readonly maxDescriptorAddend: number;
  /** Whether override units outside 0..6 may come through (validated later, as a 400). */
  readonly anyUnit: boolean;
}

/** What the limiter expects from a decoder: the model's types, exactly, with in-range numbers. */
export function expectWellFormed(request: RateLimitRequest, bounds: WellFormedBounds): void {
  const isCount = (value: unknown, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
  expect(typeof request.domain).toBe('string');
  expect(isCount(request.hitsAddend, UINT32_MAX)).toBe(true);
  expect(Array.isArray(request.descriptors)).toBe(true);
  for (const descriptor of request.descriptors as RequestDescriptor[]) {
    expect(Array.isArray(descriptor.entries)).toBe(true);
    for (const entry of descriptor.entries) {
      expect(typeof entry.key).toBe('string');
      expect(typeof entry.value).toBe('string');
    }
    const { limit, hitsAddend } = descriptor;
    if (limit !== undefined) {
      expect(isCount(limit.requestsPerUnit, UINT32_MAX)).toBe(true);
      const unit: unknown = limit.unit;
      expect(bounds.anyUnit ? Number.isInteger(unit) : isCount(unit, 6)).toBe(true);
    }
    if (hitsAddend !== undefined) {
      expect(isCount(hitsAddend, bounds.maxDescriptorAddend)).toBe(true);
    }
  }
}
