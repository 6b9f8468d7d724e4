import { FAILSAFE_SCHEMA, load, Schema, Type } from 'js-yaml';
import { parse as parseWithDocument } from 'yaml';

/*
 * YAML 1.2's core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution), as the `yaml`
 * package resolves it: js-yaml's own number types also read `0b101` and `1_000`, which are
 * strings in the core schema.
 */
const NULL = /^(?:~|null|Null|NULL)?$/;
const TRUE = /^(?:true|True|TRUE)$/;
const FALSE = /^(?:false|False|FALSE)$/;
const DECIMAL = /^[-+]?[0-9]+$/;
const OCTAL = /^0o[0-7]+$/;
const HEXADECIMAL = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const INFINITY = /^[-+]?\.(?:inf|Inf|INF)$/;
const NOT_A_NUMBER = /^\.(?:nan|NaN|NAN)$/;

const coreNull = new Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (text: string) => NULL.test(text),
  construct: () => null,
});

const coreBool = new Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (text: string) => TRUE.test(text) || FALSE.test(text),
  construct: (text: string) => TRUE.test(text),
});

const coreInt = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (text: string) => DECIMAL.test(text) || OCTAL.test(text) || HEXADECIMAL.test(text),
  construct: (text: string) =>
    OCTAL.test(text)
      ? parseInt(text.slice(2), 8)
      : HEXADECIMAL.test(text)
        ? parseInt(text.slice(2), 16)
        : parseInt(text, 10),
});

const coreFloat = new Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (text: string) => FLOAT.test(text) || INFINITY.test(text) || NOT_A_NUMBER.test(text),
  construct: (text: string) =>
    NOT_A_NUMBER.test(text)
      ? NaN
      : INFINITY.test(text)
        ? text.startsWith('-')
          ? -Infinity
          : Infinity
        : parseFloat(text),
});

const CORE: Schema = FAILSAFE_SCHEMA.extend({
  implicit: [coreNull, coreBool, coreInt, coreFloat],
});

/**
 * A content file's YAML. js-yaml builds the values directly: about ten times faster than the
 * `yaml` package, whose document of a 5,000-entry file also held ~200 MB, and an import of tens of
 * thousands of entries spends much of its parsing time here. A file js-yaml refuses is parsed again
 * by `yaml`, so a broken file's message (line and column) is the one the model files give.
 */
export function parseContentYaml(text: string): unknown {
  try {
    // An empty file (or one of comments only) is null, as `yaml` reads it.
    return load(text, { schema: CORE }) ?? null;
  } catch {
    return parseWithDocument(text);
  }
}
