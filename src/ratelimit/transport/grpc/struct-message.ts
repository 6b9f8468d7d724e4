/**
 * `google.protobuf.Struct` in the object form protobufjs encodes (`{fields: {k: {stringValue}}}`),
 * from a JSON-compatible value.
 */
export interface StructMessage {
  fields: Record<string, ValueMessage>;
}

export type ValueMessage =
  | { nullValue: 0 }
  | { numberValue: number }
  | { stringValue: string }
  | { boolValue: boolean }
  | { structValue: StructMessage }
  | { listValue: { values: ValueMessage[] } };

export function toStruct(object: Readonly<Record<string, unknown>>): StructMessage {
  const fields: Record<string, ValueMessage> = {};
  for (const [key, value] of Object.entries(object)) fields[key] = toValue(value);
  return { fields };
}

function toValue(value: unknown): ValueMessage {
  if (value === null || value === undefined) return { nullValue: 0 };
  if (typeof value === 'number') return { numberValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(toValue) } };
  if (typeof value === 'object') return { structValue: toStruct(value as Record<string, unknown>) };
  // bigint and the like cannot come from YAML metadata after decoding; keep them readable anyway.
  return { stringValue: typeof value === 'bigint' ? value.toString() : typeof value };
}
