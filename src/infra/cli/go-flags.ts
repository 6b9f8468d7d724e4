/**
 * Command line flags parsed the way Go's `flag` package does, so the operator tools accept the same
 * command lines as upstream's `config_check_cmd` and `client_cmd`: `-name` or `--name`, the value
 * as `-name value` or `-name=value`, booleans bare or as `-name=true|false`, parsing stops at the
 * first argument that is not a flag or after `--`.
 */

/** How one flag reads its value. */
export interface FlagDefinition<T> {
  readonly usage: string;
  readonly initial: T;
  /** Boolean flags never take the next argument as their value (`-tls false` is not `=false`). */
  readonly isBool: boolean;
  /** The word after the flag name in the usage text (`string`, `uint`, `value`); "" for booleans. */
  readonly typeName: string;
  /** The default as the usage text shows it; undefined for zero values, which Go leaves out. */
  readonly shownDefault: string | undefined;
  /** Folds one occurrence into the value; throws an Error whose message is the reason. */
  apply(current: T, text: string): T;
}

export type FlagSet = Readonly<Record<string, FlagDefinition<unknown>>>;

export type FlagValues<S extends FlagSet> = {
  -readonly [K in keyof S]: S[K] extends FlagDefinition<infer T> ? T : never;
};

export interface ParsedFlags<S extends FlagSet> {
  readonly values: FlagValues<S>;
  /** The arguments after the flags. */
  readonly args: readonly string[];
}

/** A command line the flags cannot be read from; `help` for `-h` / `-help`. */
export class FlagError extends Error {
  override readonly name = 'FlagError';

  constructor(
    message: string,
    readonly help = false,
  ) {
    super(message);
  }
}

export function stringFlag(initial: string, usage: string): FlagDefinition<string> {
  return {
    usage,
    initial,
    isBool: false,
    typeName: 'string',
    shownDefault: initial === '' ? undefined : goQuote(initial),
    apply: (_current, text) => text,
  };
}

export function boolFlag(usage: string): FlagDefinition<boolean> {
  return {
    usage,
    initial: false,
    isBool: true,
    typeName: '',
    shownDefault: undefined,
    apply: (_current, text) => parseGoBool(text),
  };
}

/** An unsigned decimal integer up to `max` (e.g. 2^32-1 for a proto uint32 field). */
export function uintFlag(initial: number, max: number, usage: string): FlagDefinition<number> {
  return {
    usage,
    initial,
    isBool: false,
    typeName: 'uint',
    shownDefault: initial === 0 ? undefined : String(initial),
    apply: (_current, text) => {
      if (!/^\d+$/.test(text)) throw new Error('parse error');
      const value = Number(text);
      if (value > max) throw new Error('value out of range');
      return value;
    },
  };
}

/** Every occurrence is kept, in order (Go's `flag.Var` with an appending Set). */
export function repeatedFlag(usage: string): FlagDefinition<readonly string[]> {
  return {
    usage,
    initial: [],
    isBool: false,
    typeName: 'value',
    shownDefault: undefined,
    apply: (current, text) => [...current, text],
  };
}

/** strconv.ParseBool. */
function parseGoBool(text: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  throw new Error('parse error');
}

/** Go's %q for the texts flags hold; JSON escaping is the same for printable text. */
function goQuote(text: string): string {
  return JSON.stringify(text);
}

/** Reads the flags from `argv` (without node and the script path); throws FlagError. */
export function parseFlags<S extends FlagSet>(
  definitions: S,
  argv: readonly string[],
): ParsedFlags<S> {
  const values: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(definitions)) values[name] = definition.initial;
  let index = 0;
  while (index < argv.length) {
    const arg = argv[index];
    if (arg.length < 2 || !arg.startsWith('-')) break;
    index += 1;
    if (arg === '--') break;
    const body = arg.startsWith('--') ? arg.slice(2) : arg.slice(1);
    if (body === '' || body.startsWith('-') || body.startsWith('=')) {
      throw new FlagError(`bad flag syntax: ${arg}`);
    }
    const equals = body.indexOf('=', 1);
    const name = equals === -1 ? body : body.slice(0, equals);
    let text = equals === -1 ? undefined : body.slice(equals + 1);
    const definition = Object.hasOwn(definitions, name) ? definitions[name] : undefined;
    if (definition === undefined) {
      if (name === 'h' || name === 'help') throw new FlagError('', true);
      throw new FlagError(`flag provided but not defined: -${name}`);
    }
    if (definition.isBool) {
      text ??= 'true';
    } else if (text === undefined) {
      // Like Go, the next argument is the value even when it starts with a dash.
      if (index >= argv.length) throw new FlagError(`flag needs an argument: -${name}`);
      text = argv[index];
      index += 1;
    }
    values[name] = applyValue(definition, name, values[name], text);
  }
  return { values: values as FlagValues<S>, args: argv.slice(index) };
}

function applyValue(
  definition: FlagDefinition<unknown>,
  name: string,
  current: unknown,
  text: string,
): unknown {
  try {
    return definition.apply(current, text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const what = definition.isBool ? 'invalid boolean value' : 'invalid value';
    const flag = definition.isBool ? `-${name}` : `flag -${name}`;
    throw new FlagError(`${what} ${goQuote(text)} for ${flag}: ${reason}`);
  }
}

/** The usage text in the layout of Go's flag.PrintDefaults, flags sorted by name. */
export function usageText(program: string, definitions: FlagSet): string {
  const lines = [`Usage of ${program}:`];
  const names = Object.keys(definitions).sort();
  for (const name of names) {
    const { typeName, usage, shownDefault } = definitions[name];
    const head = typeName === '' ? `  -${name}` : `  -${name} ${typeName}`;
    const text = shownDefault === undefined ? usage : `${usage} (default ${shownDefault})`;
    const body = text.replaceAll('\n', '\n    \t');
    // Go keeps the usage on the flag's line when the name is one letter and takes no value.
    if (head.length <= 4) lines.push(`${head}\t${body}`);
    else lines.push(head, `    \t${body}`);
  }
  return `${lines.join('\n')}\n`;
}
