import { readFileSync } from 'node:fs';
import { boolFlag, stringFlag } from '../../infra/cli/go-flags';
import {
  addOperation,
  AllowListEditError,
  listEntries,
  removeEntry,
} from '../persisted/allow-list.editor';
import {
  type CommandIo,
  CommandError,
  commandSettings,
  EXIT_FAILURE,
  EXIT_USAGE,
  readSubcommand,
  type SubcommandArguments,
} from './command';

export const PERSISTED_QUERIES_PROGRAM = 'content-persisted-queries';

const DIR = {
  dir: stringFlag('', 'the allow-list directory (default: GRAPHQL_PERSISTED_QUERIES_DIR)'),
};

interface Subcommand extends SubcommandArguments {
  readonly summary: string;
  run(directory: string, flags: Record<string, unknown>, args: readonly string[]): Promise<void>;
}

function subcommands(io: CommandIo): Readonly<Record<string, Subcommand>> {
  return {
    list: {
      synopsis: 'list [-dir <dir>] [-json]',
      summary: 'every allowed operation: hash, operation name (- when anonymous), file',
      flags: { ...DIR, json: boolFlag('print JSON instead of a table') },
      args: { min: 0, max: 0 },
      run: (directory, flags) => {
        const entries = listEntries(directory);
        if (flags.json === true) {
          const rows = entries.map(({ hash, operationName, file }) => ({
            hash,
            operationName: operationName ?? null,
            file,
          }));
          io.out(JSON.stringify(rows, null, 2));
        } else {
          for (const entry of entries) {
            io.out(`${entry.hash}  ${entry.operationName ?? '-'}  ${entry.file}`);
          }
        }
        return Promise.resolve();
      },
    },
    add: {
      synopsis: 'add [-dir <dir>] [-name <file>] [<file.graphql>|-]',
      summary: 'a new operation from the file (or stdin), kept byte for byte; prints its hash',
      flags: {
        ...DIR,
        name: stringFlag('', 'file name in the directory (default: <OperationName>.graphql)'),
      },
      args: { min: 0, max: 1 },
      run: async (directory, flags, [source = '-']) => {
        const document = source === '-' ? await readStdin(io) : readSource(source);
        const name = flags.name === '' ? undefined : String(flags.name);
        const added = addOperation(directory, document, name);
        io.err(`added ${added.file} (${added.operationName ?? 'anonymous operation'})`);
        io.out(added.hash);
      },
    },
    remove: {
      synopsis: 'remove [-dir <dir>] <hash|file>',
      summary: 'deletes the .graphql file of a hash, or the file named',
      flags: DIR,
      args: { min: 1, max: 1 },
      run: (directory, _flags, [reference]) => {
        for (const entry of removeEntry(directory, reference)) {
          io.out(`removed ${entry.file}: ${entry.hash}`);
        }
        return Promise.resolve();
      },
    },
  };
}

/**
 * `content-persisted-queries <list|add|remove> ...`: the persisted query allow-list of
 * GRAPHQL_PERSISTED_QUERIES=only, edited in its directory with the service's own reader and
 * hash (src/content/persisted). A running service picks changes up through its directory watch;
 * nothing else is opened (no database), so it runs beside the service on any store.
 */
export async function contentPersistedQueries(
  argv: readonly string[],
  io: CommandIo,
): Promise<number> {
  const commands = subcommands(io);
  const read = readSubcommand(PERSISTED_QUERIES_PROGRAM, commands, argv, io, () =>
    printUsage(io, commands),
  );
  if (read === undefined) return EXIT_USAGE;
  const { subcommand, flags, args } = read;
  const directory = flags.dir === '' ? await settingsDirectory(io) : String(flags.dir);
  try {
    await subcommand.run(directory, flags, args);
  } catch (error) {
    if (error instanceof AllowListEditError) {
      io.err(`${PERSISTED_QUERIES_PROGRAM}: ${error.message}`);
      return EXIT_FAILURE;
    }
    throw asCommandError(error);
  }
  return 0;
}

async function settingsDirectory(io: CommandIo): Promise<string> {
  const { settings } = await commandSettings(io);
  const directory = settings.content.persistedQueriesDir;
  if (directory === '') {
    throw new CommandError(
      'no allow-list directory: set GRAPHQL_PERSISTED_QUERIES_DIR or pass -dir',
    );
  }
  return directory;
}

function readStdin(io: CommandIo): Promise<string> {
  if (io.readStdin === undefined) throw new CommandError('no standard input to read');
  return io.readStdin();
}

function readSource(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CommandError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? ''}`);
  }
}

/** A file system error (a missing directory, a bad manifest) as one line. */
function asCommandError(error: unknown): unknown {
  if (error instanceof CommandError || !(error instanceof Error)) return error;
  return new CommandError(error.message);
}

function printUsage(io: CommandIo, commands: Readonly<Record<string, Subcommand>>): void {
  io.err(`usage: ${PERSISTED_QUERIES_PROGRAM} <command> [flags] [args]`);
  io.err('');
  for (const command of Object.values(commands)) {
    io.err(`  ${command.synopsis}`);
    io.err(`      ${command.summary}`);
  }
}
