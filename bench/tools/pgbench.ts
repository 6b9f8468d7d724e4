import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { CapturedStatement } from './statement-capture';

/** A pgbench script and the variables (`-D`) it reads, for one sequence of statements. */
export interface PgbenchScript {
  readonly file: string;
  readonly variables: readonly string[];
}

/**
 * Writes `statements` (as node-postgres sent them: `$n` placeholders, each value's text) as a
 * pgbench script: `$n` becomes a variable `:s<k>_<n>` whose text is given with `-D`, so that with
 * `-M prepared` pgbench prepares each statement once per connection and then binds the same text
 * values node-postgres binds (untyped, as node-postgres sends them). A NULL value is written into
 * the statement (pgbench has no NULL variable). One script run = one request's statements.
 */
export function pgbenchScript(
  file: string,
  statements: readonly CapturedStatement[],
): PgbenchScript {
  const variables: string[] = [];
  const commands = statements.map((statement, k) =>
    statement.text.replace(/\$(\d+)(?!\d)/g, (_, digits: string) => {
      // node-postgres' text for the value (pg's prepareValue): a string, or null for NULL.
      const value = statement.values[Number(digits) - 1] as string | null | undefined;
      if (value === null || value === undefined) return 'NULL';
      const name = `s${k}_${digits}`;
      variables.push(`${name}=${value}`);
      return `:${name}`;
    }),
  );
  writeFileSync(file, commands.map((command) => `${command.trim()};\n`).join(''));
  return { file, variables: [...new Set(variables)] };
}

export interface PgbenchResult {
  /** Script runs (one request's statements each) per second, initial connections excluded. */
  readonly perSecond: number;
  readonly failed: number;
  readonly latencyMs?: number;
}

/**
 * `pgbench -n -M prepared -c <clients> -j 1 -T <seconds>` of the script against `url`'s
 * database; with `rate`, paced at that many script runs a second (`-R`) and its average latency.
 */
export async function runPgbench(
  url: string,
  script: PgbenchScript,
  options: { readonly clients: number; readonly seconds: number; readonly rate?: number },
): Promise<PgbenchResult> {
  const { hostname, port, username, pathname } = new URL(url);
  const { stdout } = await promisify(execFile)(
    'pgbench',
    [
      ...['-n', '-M', 'prepared', '-c', String(options.clients), '-j', '1'],
      ...['-T', String(options.seconds)],
      ...(options.rate === undefined ? [] : ['-R', String(options.rate)]),
      ...['-h', hostname, '-p', port || '5432', '-U', decodeURIComponent(username || 'postgres')],
      ...script.variables.flatMap((variable) => ['-D', variable]),
      ...['-f', script.file, decodeURIComponent(pathname.slice(1))],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!tps) throw new Error(`unexpected pgbench output:\n${stdout}`);
  const failed = /number of failed transactions: (\d+)/.exec(stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  return {
    perSecond: Number(tps[1]),
    failed: failed ? Number(failed[1]) : 0,
    latencyMs: latency ? Number(latency[1]) : undefined,
  };
}
