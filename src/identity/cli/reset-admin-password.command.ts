import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { boolFlag, FlagError, parseFlags, stringFlag, usageText } from '../../infra/cli/go-flags';
import { DataDirLockedError } from '../../infra/database/data-dir-lock';
import { openDatabase } from '../../infra/database/connection';
import { MIGRATIONS } from '../../infra/database/migrations';
import { runMigrations } from '../../infra/database/migrations/migration-runner';
import { users } from '../../infra/database/schema';
import { SettingsError } from '../../settings/settings';
import { SettingsModule } from '../../settings/settings.module';
import { hashPassword } from '../credentials/password-hasher';

export const RESET_PROGRAM = 'reset-admin-password';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Grafana's own minimum (`Password is missing or too short`). */
const MIN_PASSWORD_LENGTH = 4;

const FLAGS = {
  user: stringFlag('', 'login or email of the user (default ADMIN_USER, "admin")'),
  'password-from-stdin': boolFlag('read the new password from the first line of stdin'),
};

const SYNOPSIS = '[-user LOGIN] [-password-from-stdin | NEW_PASSWORD]';

/** What the command reads and writes; tests pass recorders. */
export interface ResetIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  out(line: string): void;
  err(line: string): void;
  /** The whole of stdin (only read with -password-from-stdin). */
  readStdin(): Promise<string>;
}

/** A failure reported in one line, without a stack trace. */
class CommandError extends Error {}

/**
 * `reset-admin-password`: sets a new password for the admin (or another user) directly in the
 * database, with the service's settings (DATABASE_URL, else the PGlite of DATA_DIR, which only
 * one process may open: stop the service first). Without a new password one is generated and
 * printed. The user keeps its roles; credentials remembered by a running service (PostgreSQL)
 * stop matching at once, since they are bound to the stored hash.
 */
export async function resetAdminPassword(argv: readonly string[], io: ResetIo): Promise<number> {
  let flags: { user: string; 'password-from-stdin': boolean };
  let args: readonly string[];
  try {
    const parsed = parseFlags(FLAGS, argv);
    flags = parsed.values;
    args = parsed.args;
    if (args.length > 1) throw new FlagError(`unexpected argument: ${args[1]}`);
    if (args.length === 1 && flags['password-from-stdin']) {
      throw new FlagError(
        'give the password as an argument or with -password-from-stdin, not both',
      );
    }
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    if (error.message !== '') io.err(error.message);
    io.err(`usage: ${RESET_PROGRAM} ${SYNOPSIS}`);
    io.err(usageText(RESET_PROGRAM, FLAGS).trimEnd());
    return EXIT_USAGE;
  }
  try {
    return await reset(flags, args, io);
  } catch (error) {
    if (error instanceof CommandError) {
      io.err(`${RESET_PROGRAM}: ${error.message}`);
      return EXIT_FAILURE;
    }
    throw error;
  }
}

async function reset(
  flags: { user: string; 'password-from-stdin': boolean },
  args: readonly string[],
  io: ResetIo,
): Promise<number> {
  let settings;
  try {
    ({ settings } = await SettingsModule.forRoot({
      env: io.env,
      warn: (message) => io.err(`warning: ${message}`),
    }));
  } catch (error) {
    if (error instanceof SettingsError) throw new CommandError(error.message);
    throw error;
  }
  const { databaseUrl, dataDir, databasePoolSize, adminUser } = settings.identity;
  const login = flags.user !== '' ? flags.user : adminUser;

  let password: string;
  let generated = false;
  if (flags['password-from-stdin']) {
    password = (await io.readStdin()).split(/\r?\n/)[0] ?? '';
  } else if (args.length === 1) {
    password = args[0];
  } else {
    password = randomBytes(15).toString('base64url');
    generated = true;
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new CommandError(
      `the new password is too short (at least ${MIN_PASSWORD_LENGTH} characters)`,
    );
  }

  if (databaseUrl === '' && !existsSync(join(resolve(dataDir), 'pglite'))) {
    throw new CommandError(
      `no database in DATA_DIR (${resolve(dataDir)}): the admin is created by the service's first start (ADMIN_PASSWORD); set DATA_DIR or DATABASE_URL as the service has them`,
    );
  }

  let connection;
  try {
    connection = await openDatabase({ url: databaseUrl, dataDir, poolSize: databasePoolSize });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CommandError(
        `the database in DATA_DIR (${resolve(dataDir)}) is open in process ${error.owner}, most likely the running service: PGlite serves one process at a time. Stop the service first (on PostgreSQL, DATABASE_URL, the command works while it runs).`,
      );
    }
    throw new CommandError(`cannot open the database: ${(error as Error).message}`);
  }
  try {
    await runMigrations(connection.db, MIGRATIONS);
    const passwordHash = await hashPassword(password);
    const lowered = login.toLowerCase();
    const updated = await connection.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(
        and(
          eq(users.isServiceAccount, false),
          sql`(lower(${users.login}) = ${lowered} or lower(${users.email}) = ${lowered})`,
        ),
      )
      .returning({ id: users.id, login: users.login, disabled: users.isDisabled });
    if (updated.length === 0) {
      throw new CommandError(
        `no user "${login}" in ${connection.description}${login === adminUser ? " (the admin is created by the service's first start)" : ''}`,
      );
    }
    const [user] = updated;
    io.out(`password of user "${user.login}" (id ${user.id}) reset in ${connection.description}`);
    if (generated) io.out(`new password: ${password}`);
    if (user.disabled) io.err(`warning: user "${user.login}" is disabled and still cannot sign in`);
    return EXIT_OK;
  } finally {
    await connection.close();
  }
}
