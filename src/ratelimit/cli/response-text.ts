import { formatGoFloat } from '../rules/go-float';

/**
 * RateLimitResponse in the compact protobuf text format, as upstream's client prints it with Go's
 * `response.String()`: `name:value` pairs separated by one space, fields in .proto declaration
 * order, nested messages in `{}`, repeated fields repeated, enums by name, strings quoted; proto3
 * scalars holding their zero value are left out (they are indistinguishable from absent), present
 * messages are kept even when empty (`duration_until_reset:{}`).
 *
 * The shapes below are what @grpc/proto-loader decodes with `keepCase: true, enums: String,
 * longs: String, defaults: false, oneofs: false` (see rls-client.ts). The well-known types come from
 * proto-loader's bundled descriptors, whose field names are lowerCamelCase (`stringValue`).
 */

export interface DurationMessage {
  readonly seconds?: string;
  readonly nanos?: number;
}

/** google.protobuf.Timestamp has the same two fields as Duration. */
export type TimestampMessage = DurationMessage;

export interface RateLimitMessage {
  readonly name?: string;
  readonly requests_per_unit?: number;
  readonly unit?: string;
}

export interface QuotaMessage {
  readonly requests?: number;
  readonly valid_until?: TimestampMessage;
  readonly id?: string;
}

export interface DescriptorStatusMessage {
  readonly code?: string;
  readonly current_limit?: RateLimitMessage;
  readonly limit_remaining?: number;
  readonly duration_until_reset?: DurationMessage;
  readonly quota?: QuotaMessage;
}

export interface HeaderValueMessage {
  readonly key?: string;
  readonly value?: string;
  readonly raw_value?: Buffer;
}

export interface StructMessage {
  readonly fields?: Readonly<Record<string, ValueMessage>>;
}

export interface ValueMessage {
  readonly nullValue?: string;
  readonly numberValue?: number;
  readonly stringValue?: string;
  readonly boolValue?: boolean;
  readonly structValue?: StructMessage;
  readonly listValue?: { readonly values?: readonly ValueMessage[] };
}

export interface RateLimitResponseMessage {
  readonly overall_code?: string;
  readonly statuses?: readonly DescriptorStatusMessage[];
  readonly response_headers_to_add?: readonly HeaderValueMessage[];
  readonly request_headers_to_add?: readonly HeaderValueMessage[];
  readonly raw_body?: Buffer;
  readonly dynamic_metadata?: StructMessage;
  readonly quota?: QuotaMessage;
}

/** Enum values whose number is 0, left out like other zero values. */
const ZERO_ENUM_NAMES: ReadonlySet<string> = new Set(['UNKNOWN']);

export function responseText(response: RateLimitResponseMessage): string {
  return render(response, (m, r) => {
    m.enumValue('overall_code', r.overall_code);
    m.repeated('statuses', r.statuses, descriptorStatus);
    m.repeated('response_headers_to_add', r.response_headers_to_add, headerValue);
    m.repeated('request_headers_to_add', r.request_headers_to_add, headerValue);
    m.bytes('raw_body', r.raw_body);
    m.message('dynamic_metadata', r.dynamic_metadata, struct);
    m.message('quota', r.quota, quota);
  });
}

type Renderer<T> = (fields: TextFields, message: T) => void;

function render<T>(message: T, renderer: Renderer<T>): string {
  const fields = new TextFields();
  renderer(fields, message);
  return fields.toString();
}

const descriptorStatus: Renderer<DescriptorStatusMessage> = (m, s) => {
  m.enumValue('code', s.code);
  m.message('current_limit', s.current_limit, rateLimit);
  m.number('limit_remaining', s.limit_remaining);
  m.message('duration_until_reset', s.duration_until_reset, duration);
  m.message('quota', s.quota, quota);
};

// `name` is declared first in rls.proto although its number is 3.
const rateLimit: Renderer<RateLimitMessage> = (m, l) => {
  m.string('name', l.name);
  m.number('requests_per_unit', l.requests_per_unit);
  m.enumValue('unit', l.unit);
};

const quota: Renderer<QuotaMessage> = (m, q) => {
  m.number('requests', q.requests);
  m.message('valid_until', q.valid_until, duration);
  m.string('id', q.id);
};

/** google.protobuf.Duration and Timestamp alike. */
const duration: Renderer<DurationMessage> = (m, d) => {
  m.number('seconds', d.seconds);
  m.number('nanos', d.nanos);
};

const headerValue: Renderer<HeaderValueMessage> = (m, h) => {
  m.string('key', h.key);
  m.string('value', h.value);
  m.bytes('raw_value', h.raw_value);
};

/** A map field prints as one `fields:{key:... value:...}` entry per key, keys sorted (as Go). */
const struct: Renderer<StructMessage> = (m, s) => {
  const fields = s.fields ?? {};
  for (const key of Object.keys(fields).sort()) {
    m.message('fields', fields[key], (entry, value) => {
      entry.string('key', key);
      entry.message('value', value, structValue);
    });
  }
};

/** A oneof member is printed whenever it is set, zero or not. */
const structValue: Renderer<ValueMessage> = (m, v) => {
  if (v.nullValue !== undefined) m.raw('null_value', v.nullValue);
  if (v.numberValue !== undefined) m.raw('number_value', goFloat(v.numberValue));
  if (v.stringValue !== undefined) m.raw('string_value', quoteText(v.stringValue));
  if (v.boolValue !== undefined) m.raw('bool_value', String(v.boolValue));
  m.message('struct_value', v.structValue, struct);
  m.message('list_value', v.listValue, (list, l) => {
    for (const item of l.values ?? []) list.message('values', item, structValue);
  });
};

/** The `name:value` pairs of one message. */
class TextFields {
  private readonly parts: string[] = [];

  raw(name: string, text: string): void {
    this.parts.push(`${name}:${text}`);
  }

  string(name: string, value: string | undefined): void {
    if (value !== undefined && value !== '') this.raw(name, quoteText(value));
  }

  /** Integers; 64-bit ones arrive as decimal strings. */
  number(name: string, value: number | string | undefined): void {
    if (value !== undefined && Number(value) !== 0) this.raw(name, String(value));
  }

  /** By name; a number the .proto does not know arrives as a number and prints as one. */
  enumValue(name: string, value: string | number | undefined): void {
    if (value === undefined || value === 0 || ZERO_ENUM_NAMES.has(String(value))) return;
    this.raw(name, String(value));
  }

  bytes(name: string, value: Buffer | undefined): void {
    if (value !== undefined && value.length > 0) this.raw(name, quoteBytes(value));
  }

  message<T>(name: string, value: T | undefined, renderer: Renderer<T>): void {
    if (value !== undefined && value !== null) this.raw(name, `{${render(value, renderer)}}`);
  }

  repeated<T>(name: string, values: readonly T[] | undefined, renderer: Renderer<T>): void {
    for (const value of values ?? []) this.message(name, value, renderer);
  }

  toString(): string {
    return this.parts.join(' ');
  }
}

/** Go's text format string: quote, backslash and control characters escaped, the rest as is. */
function quoteText(text: string): string {
  let quoted = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"' || char === '\\') quoted += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) quoted += controlEscape(code);
    else if (code >= 0x80 && code <= 0x9f) quoted += `\\u00${code.toString(16).padStart(2, '0')}`;
    else quoted += char;
  }
  return `${quoted}"`;
}

/** Bytes: printable ASCII as is, every other byte as `\xNN`. */
function quoteBytes(bytes: Buffer): string {
  let quoted = '"';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    if (char === '"' || char === '\\') quoted += `\\${char}`;
    else if (byte < 0x20 || byte >= 0x7f) quoted += controlEscape(byte);
    else quoted += char;
  }
  return `${quoted}"`;
}

function controlEscape(code: number): string {
  switch (code) {
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    default:
      return `\\x${code.toString(16).padStart(2, '0')}`;
  }
}

/** strconv.FormatFloat(x, 'g', -1, 64), with the text format's `inf` and `nan`. */
function goFloat(x: number): string {
  return formatGoFloat(x, { nan: 'nan', inf: 'inf', negInf: '-inf' });
}
