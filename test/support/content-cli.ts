import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PROJECT_ROOT } from './service-process';

const DIST = join(PROJECT_ROOT, dirname(process.env.SERVICE_MAIN ?? join('dist', 'main.js')));
export const CONTENT_IMPORT = join(DIST, 'content', 'cli', 'content-import.js');
export const CONTENT_EXPORT = join(DIST, 'content', 'cli', 'content-export.js');

export interface CommandRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A content command as an operator runs it: a real process in the project root. */
export function runContentCommand(
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH, ADMIN_PASSWORD: 'admin-secret', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every file below a directory with its bytes (base64), by relative path. */
export function fileTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files[relative(dir, path)] = readFileSync(path).toString('base64');
    }
  }
  return files;
}
