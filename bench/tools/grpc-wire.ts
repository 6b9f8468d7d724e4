import { DecisionRequest } from '../requests';

/*
 * A ShouldRateLimit request encoded by hand, for clients that send many distinct requests (the
 * key fill, the soak): protobuf of RateLimitRequest { domain = 1; descriptors = 2 } with
 * RateLimitDescriptor { entries = 1 (Entry { key = 1; value = 2 }); limit = 2
 * (RateLimitOverride { requests_per_unit = 1; unit = 2 }) }, behind gRPC's 5-byte frame prefix.
 */

const UNITS: Record<string, number> = {
  SECOND: 1,
  MINUTE: 2,
  HOUR: 3,
  DAY: 4,
  MONTH: 5,
  YEAR: 6,
  WEEK: 7,
};

class Writer {
  private readonly parts: Buffer[] = [];
  private size = 0;

  varint(value: number): this {
    const bytes: number[] = [];
    let rest = value;
    while (rest > 0x7f) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
    return this.raw(Buffer.from(bytes));
  }

  /** A length-delimited field (wire type 2). */
  bytes(field: number, value: Buffer): this {
    return this.varint((field << 3) | 2)
      .varint(value.length)
      .raw(value);
  }

  string(field: number, value: string): this {
    return this.bytes(field, Buffer.from(value, 'utf8'));
  }

  /** A varint field (wire type 0). */
  uint(field: number, value: number): this {
    return this.varint(field << 3).varint(value);
  }

  raw(value: Buffer): this {
    this.parts.push(value);
    this.size += value.length;
    return this;
  }

  finish(): Buffer {
    return Buffer.concat(this.parts, this.size);
  }
}

export function encodeRequest(request: DecisionRequest): Buffer {
  const message = new Writer().string(1, request.domain);
  for (const descriptor of request.descriptors) {
    const encoded = new Writer();
    for (const entry of descriptor.entries) {
      encoded.bytes(1, new Writer().string(1, entry.key).string(2, entry.value).finish());
    }
    if (descriptor.limit) {
      const unit = UNITS[descriptor.limit.unit];
      if (unit === undefined) throw new Error(`unknown unit ${descriptor.limit.unit}`);
      encoded.bytes(
        2,
        new Writer().uint(1, descriptor.limit.requestsPerUnit).uint(2, unit).finish(),
      );
    }
    message.bytes(2, encoded.finish());
  }
  const body = message.finish();
  const frame = Buffer.alloc(5 + body.length);
  frame.writeUInt32BE(body.length, 1);
  body.copy(frame, 5);
  return frame;
}
