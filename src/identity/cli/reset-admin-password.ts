#!/usr/bin/env node
// The `reset-admin-password` bin (as `grafana cli admin reset-admin-password`): offline on PGlite,
// beside the running service on PostgreSQL.
import { EXIT_FAILURE, RESET_PROGRAM, resetAdminPassword } from './reset-admin-password.command';

resetAdminPassword(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${RESET_PROGRAM}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(EXIT_FAILURE);
  },
);
