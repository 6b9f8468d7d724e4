import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { resolve } from 'node:path';
import { DataDirLockedError } from '../../infra/database/data-dir-lock';
import {
  FlagError,
  type FlagSet,
  type FlagValues,
  parseFlags,
  usageText,
} from '../../infra/cli/go-flags';
import { SettingsError } from '../../settings/settings';
import { LoadedSettings, SettingsModule } from '../../settings/settings.module';
import { ContentModelSource } from '../model/content-model.source';
import { ModelElements } from '../store/write/model-elements';
import { CliLogger } from './cli-logger';
import { ContentCliModule, type ContentCliOptions } from './cli.module';
import type { ProgressSink } from './progress-reporter';

/** What a content command reads and writes; tests pass recorders. */
export interface CommandIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The command's own setting defaults, under `./.env` and `env`. */
  readonly defaults?: Readonly<Record<string, string>>;
  /** Results (the summary): stdout. */
  out(line: string): void;
  /** Diagnostics: stderr. */
  err(line: string): void;
  /** Progress: stderr, drawn as a bar when it is a terminal. */
  readonly progress: ProgressSink;
  /** All of standard input, for a command reading a document from it. */
  readStdin?(): Promise<string>;
}

export type ContentCommand = (argv: readonly string[], io: CommandIo) => Promise<number>;

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the command reports in one message, without a stack trace. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
}

/**
 * Flags the way the project's other commands read them (`-name value`, `--name=value`), then
 * the arguments. Undefined after printing the problem and the usage (exit EXIT_USAGE).
 */
export function readArguments<S extends FlagSet>(
  program: string,
  synopsis: string,
  flags: S,
  argv: readonly string[],
  io: CommandIo,
  argumentCount: { min: number; max: number },
): { flags: FlagValues<S>; args: readonly string[] } | undefined {
  let problem: string;
  try {
    const parsed = parseFlags(flags, argv);
    const count = parsed.args.length;
    if (count >= argumentCount.min && count <= argumentCount.max) {
      return { flags: parsed.values, args: parsed.args };
    }
    problem =
      count < argumentCount.min
        ? 'missing arguments'
        : `unexpected argument: ${parsed.args[argumentCount.max]}`;
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    problem = error.message;
  }
  if (problem !== '') io.err(problem);
  io.err(`usage: ${program} ${synopsis}`);
  io.err(usageText(program, flags).trimEnd());
  return undefined;
}

/** What a subcommand declares for readSubcommand; its synopsis starts with its name. */
export interface SubcommandArguments {
  readonly synopsis: string;
  readonly flags: FlagSet;
  readonly args: { readonly min: number; readonly max: number };
}

/**
 * The subcommand `argv` names (`<program> <name> [flags] [arguments]`), with its flags and
 * arguments read (readArguments). Undefined after printing the usage (exit EXIT_USAGE): for no
 * name or `help` only it, for an unknown name the name first.
 */
export function readSubcommand<C extends SubcommandArguments>(
  program: string,
  commands: Readonly<Record<string, C>>,
  argv: readonly string[],
  io: CommandIo,
  printUsage: () => void,
): { subcommand: C; flags: Record<string, unknown>; args: readonly string[] } | undefined {
  const [name = '', ...rest] = argv;
  const subcommand = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (subcommand === undefined) {
    if (name !== '' && name !== 'help' && name !== '-h' && name !== '-help') {
      io.err(`unknown command: ${name}`);
    }
    printUsage();
    return undefined;
  }
  const parsed = readArguments(
    `${program} ${name}`,
    subcommand.synopsis.slice(name.length + 1),
    subcommand.flags,
    rest,
    io,
    subcommand.args,
  );
  if (parsed === undefined) return undefined;
  return { subcommand, flags: parsed.flags, args: parsed.args };
}

/**
 * Runs `work` with the parts of the service a content command needs (ContentCliModule), opened
 * from the same settings as the service: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR
 * (whose lock refuses a running service), migrations applied, the admin user made on a first
 * start, the content model of CONTENT_PROJECT_DIR applied and its elements (global sets,
 * singles) ensured. Closed afterwards, also on failure.
 */
export async function withContentContext<T>(
  io: CommandIo,
  verbose: boolean,
  work: (app: INestApplicationContext) => Promise<T>,
  options: ContentCliOptions = { resultCache: false },
): Promise<T> {
  const settings = await commandSettings(io);
  let app: INestApplicationContext;
  try {
    app = await NestFactory.createApplicationContext(ContentCliModule.forRoot(settings, options), {
      logger: new CliLogger((line) => io.err(line), verbose),
      abortOnError: false,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CommandError(
        `the database in DATA_DIR (${resolve(settings.settings.identity.dataDir)}) is open in process ${error.owner}, most likely the running service: PGlite serves one process at a time. Stop the service first, or run the service and the commands on PostgreSQL (DATABASE_URL), where they work side by side.`,
      );
    }
    throw error;
  }
  try {
    await app.get(ModelElements).ensure(app.get(ContentModelSource).current);
    return await work(app);
  } finally {
    await app.close();
  }
}

/**
 * The service's settings: the command's environment over `./.env`, as the service reads them,
 * over the command's own defaults.
 */
export async function commandSettings(io: CommandIo): Promise<LoadedSettings> {
  try {
    return await SettingsModule.forRoot({
      env: io.env,
      defaults: io.defaults,
      warn: (message) => io.err(`warning: ${message}`),
    });
  } catch (error) {
    if (error instanceof SettingsError) throw new CommandError(error.message);
    throw error;
  }
}

/**
 * Runs a content command as this process: the exit code is the command's; whatever escapes it
 * is printed as one line (operators never see a stack trace). The process exits when the
 * command is done: the service's components leave no reason to stay.
 */
export function runContentCommand(
  program: string,
  command: ContentCommand,
  defaults?: Readonly<Record<string, string>>,
): void {
  const io: CommandIo = {
    env: process.env,
    defaults,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    progress: {
      isTTY: process.stderr.isTTY === true,
      columns: process.stderr.columns,
      write: (text) => process.stderr.write(text),
    },
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
  // A closed pipe (`| head`) is not an error worth reporting.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  command(process.argv.slice(2), io).then(
    (code) => process.exit(code),
    (error: unknown) => {
      io.err(`${program}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(EXIT_FAILURE);
    },
  );
}
