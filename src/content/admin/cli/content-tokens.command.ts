import type { INestApplicationContext } from '@nestjs/common';
import { Clock } from '../../../infra/clock/clock';
import { boolFlag, stringFlag } from '../../../infra/cli/go-flags';
import {
  type CommandIo,
  CommandError,
  EXIT_USAGE,
  readSubcommand,
  type SubcommandArguments,
  withContentContext,
} from '../../cli/command';
import { TokenNameTakenError } from '../../schemas/tokens/graphql-tokens.repository';
import {
  GraphqlTokenNotFoundError,
  GraphqlTokenSchemaError,
  GraphqlTokensService,
} from '../../schemas/tokens/graphql-tokens.service';
import { decodeExpiryDate, TokenRequestError } from '../../schemas/tokens/request-errors';
import { tokenView, type TokenView } from '../../schemas/tokens/view';
import { SchemasAdminService } from '../schemas-admin.service';
import { schemaTable, tokenLine, tokenTable } from './token-tables';

export const TOKENS_PROGRAM = 'content-tokens';

const COMMON = {
  verbose: boolFlag("also print the service components' log lines (database, content model)"),
};
const LISTING = { ...COMMON, json: boolFlag('print JSON instead of a table') };
const CREATE = {
  ...COMMON,
  schema: stringFlag('', 'handle or uid of the private schema the token grants (required)'),
  expires: stringFlag(
    '',
    'expiry date, ISO 8601 (2030-01-31 or 2030-01-31T12:00:00Z); default never',
  ),
  disabled: boolFlag('create the token disabled'),
  json: boolFlag('print the token as JSON (with accessToken) instead of the bare access token'),
};
const ROTATE = {
  ...COMMON,
  json: boolFlag('print the token as JSON (with accessToken) instead of the bare access token'),
};

type Run = (app: INestApplicationContext, args: readonly string[]) => Promise<void>;

interface Subcommand extends SubcommandArguments {
  readonly summary: string;
  run(io: CommandIo, flags: Record<string, unknown>): Run;
}

const TOKEN = '<id|uid|name>';

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  list: {
    synopsis: 'list [-json]',
    summary: 'every token with its schema, state and lastUsed (never the token itself)',
    flags: LISTING,
    args: { min: 0, max: 0 },
    run: (io, flags) => async (app) => {
      const tokens = (await app.get(GraphqlTokensService).list()).map(tokenView);
      print(io, flags.json === true ? [JSON.stringify(tokens, null, 2)] : tokenTable(tokens));
    },
  },
  schemas: {
    synopsis: 'schemas [-json]',
    summary: "the content model's GraphQL schemas with their token counts",
    flags: LISTING,
    args: { min: 0, max: 0 },
    run: (io, flags) => async (app) => {
      const schemas = await app.get(SchemasAdminService).list();
      print(io, flags.json === true ? [JSON.stringify(schemas, null, 2)] : schemaTable(schemas));
    },
  },
  create: {
    synopsis: 'create -schema <handle> [-expires <date>] [-disabled] [-json] <name>',
    summary: 'a new token; the access token is printed once and stored only hashed',
    flags: CREATE,
    args: { min: 1, max: 1 },
    run:
      (io, flags) =>
      async (app, [name]) => {
        const schema = String(flags.schema).trim();
        if (schema === '') {
          throw new CommandError('-schema is required: the handle of a private schema');
        }
        const created = await app.get(GraphqlTokensService).create({
          name: name.trim(),
          schema,
          expiryDate: flags.expires === '' ? null : decodeExpiryDate(flags.expires),
          enabled: flags.disabled !== true,
        });
        showSecret(
          io,
          flags.json === true,
          'created',
          tokenView(created.token),
          created.accessToken,
        );
      },
  },
  rotate: {
    synopsis: `rotate [-json] ${TOKEN}`,
    summary: 'a new access token for the token, printed once; the old one stops working',
    flags: ROTATE,
    args: { min: 1, max: 1 },
    run:
      (io, flags) =>
      async (app, [reference]) => {
        const rotated = await app.get(GraphqlTokensService).rotate(reference);
        showSecret(
          io,
          flags.json === true,
          'rotated',
          tokenView(rotated.token),
          rotated.accessToken,
        );
      },
  },
  disable: change('disable', 'the token stops working until enabled', () => ({ enabled: false })),
  enable: change('enable', 'the token works again (unless expired)', () => ({ enabled: true })),
  expire: {
    synopsis: `expire ${TOKEN} [<date>|now|never]`,
    summary: 'sets the expiry date (default now: the token stops working); never clears it',
    flags: COMMON,
    args: { min: 1, max: 2 },
    run:
      (io) =>
      async (app, [reference, when = 'now']) => {
        const expiryDate = expiryArgument(when, app.get(Clock).nowMs());
        const token = await app.get(GraphqlTokensService).update(reference, { expiryDate });
        io.out(tokenLine(tokenView(token)));
      },
  },
  delete: {
    synopsis: `delete ${TOKEN}`,
    summary: 'deletes the token; it stops working at once',
    flags: COMMON,
    args: { min: 1, max: 1 },
    run:
      (io) =>
      async (app, [reference]) => {
        const token = await app.get(GraphqlTokensService).delete(reference);
        io.out(`deleted token ${token.id} "${token.name}"`);
      },
  },
};

function change(name: string, summary: string, changes: () => { enabled: boolean }): Subcommand {
  return {
    synopsis: `${name} ${TOKEN}`,
    summary,
    flags: COMMON,
    args: { min: 1, max: 1 },
    run:
      (io) =>
      async (app, [reference]) => {
        const token = await app.get(GraphqlTokensService).update(reference, changes());
        io.out(tokenLine(tokenView(token)));
      },
  };
}

/**
 * `content-tokens <list|schemas|create|rotate|disable|enable|expire|delete> ...`: GraphQL token
 * administration from the command line, on the service's database (PostgreSQL beside a running
 * service, or PGlite while it is stopped), with the content model of CONTENT_PROJECT_DIR.
 */
export async function contentTokens(argv: readonly string[], io: CommandIo): Promise<number> {
  const read = readSubcommand(TOKENS_PROGRAM, SUBCOMMANDS, argv, io, () => printUsage(io));
  if (read === undefined) return EXIT_USAGE;
  const { subcommand, flags, args } = read;
  const run = subcommand.run(io, flags);
  await withContentContext(io, flags.verbose === true, async (app) => {
    try {
      await run(app, args);
    } catch (error) {
      throw asCommandError(error);
    }
  });
  return 0;
}

function printUsage(io: CommandIo): void {
  io.err(`usage: ${TOKENS_PROGRAM} <command> [flags] [arguments]`);
  io.err('commands:');
  const width = Math.max(...Object.values(SUBCOMMANDS).map((s) => s.synopsis.length));
  for (const subcommand of Object.values(SUBCOMMANDS)) {
    io.err(`  ${subcommand.synopsis.padEnd(width)}  ${subcommand.summary}`);
  }
  io.err(`every command also takes -verbose; ${TOKEN} names a token by id, uid or name`);
}

function print(io: CommandIo, lines: readonly string[]): void {
  for (const line of lines) io.out(line);
}

/** The secret alone on stdout (`TOKEN=$(content-tokens create ...)`), what it is on stderr. */
function showSecret(
  io: CommandIo,
  json: boolean,
  what: string,
  token: TokenView,
  accessToken: string,
): void {
  if (json) io.out(JSON.stringify({ ...token, accessToken }, null, 2));
  else io.out(accessToken);
  io.err(`${what} ${tokenLine(token)}`);
  io.err('the access token is shown only now: it is stored hashed and cannot be shown again');
}

function expiryArgument(when: string, nowMs: number): Date | null {
  const text = when.trim().toLowerCase();
  if (text === 'never') return null;
  if (text === 'now') return new Date(nowMs);
  return decodeExpiryDate(when.trim());
}

/** The service's expected failures are the operator's to fix: one line, exit 1. */
function asCommandError(error: unknown): unknown {
  if (
    error instanceof TokenRequestError ||
    error instanceof GraphqlTokenSchemaError ||
    error instanceof TokenNameTakenError ||
    error instanceof GraphqlTokenNotFoundError
  ) {
    return new CommandError(error.message);
  }
  return error;
}
