import { getSystemErrorMap } from 'node:util';
import { FlagError, FlagSet, FlagValues, parseFlags, usageText } from '../../infra/cli/go-flags';

/** Where a command prints; lines without their newline. Tests pass a recorder. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** A command: the arguments after the script path in, the exit code out. */
export type Command = (argv: readonly string[], output: CliOutput) => number | Promise<number>;

/** Go's flag package exits with 2 on a bad command line. */
export const EXIT_USAGE = 2;

const processOutput: CliOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * Runs a command as this process. Operators must never see a stack trace: whatever escapes the
 * command is printed as one line. The exit code is set rather than forced with process.exit so
 * buffered output is flushed first.
 */
export function runAsProcess(program: string, command: Command): void {
  const fail = (error: unknown) => {
    processOutput.err(`${program}: ${messageOf(error)}`);
    process.exitCode = 1;
  };
  // Something thrown from a callback may leave handles open; leave rather than hang.
  process.on('uncaughtException', (error) => {
    fail(error);
    process.exit(1);
  });
  // A closed pipe (`| head`) is not an error worth reporting.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') fail(error);
  });
  Promise.resolve()
    .then(() => command(process.argv.slice(2), processOutput))
    .then((code) => {
      process.exitCode ??= code;
    }, fail);
}

/**
 * The flags of a command line, or undefined after printing the error and the usage to stderr
 * (the caller exits with EXIT_USAGE). Arguments after the flags are refused: neither tool takes
 * any, and silently ignoring them as Go does hides typos like a missing `-config_dir`.
 */
export function readCommandLine<S extends FlagSet>(
  program: string,
  definitions: S,
  argv: readonly string[],
  output: CliOutput,
): FlagValues<S> | undefined {
  let problem: string;
  try {
    const { values, args } = parseFlags(definitions, argv);
    if (args.length === 0) return values;
    problem = `unexpected argument: ${args[0]}`;
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    problem = error.message;
  }
  if (problem !== '') output.err(problem);
  output.err(usageText(program, definitions).trimEnd());
  return undefined;
}

/** The reason of a failed file system call the way Go prints it, e.g. "no such file or directory". */
export function fileErrorReason(error: unknown): string {
  const { errno } = error as NodeJS.ErrnoException;
  const description = typeof errno === 'number' ? getSystemErrorMap().get(errno)?.[1] : undefined;
  return description ?? messageOf(error);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
