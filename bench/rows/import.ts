import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from '../../test/support/postgres-database';
import { PROJECT_ROOT } from '../../test/support/service-process';
import { Row } from '../report/row';
import { BENCH } from '../settings';
import { writeGeneratedContent } from '../../test/support/generated-content';
import { rssBytes, toMB, treeRssBytes } from '../tools/proc-memory';

const GOAL_RATE = { postgres: 1_000, pglite: 300 } as const;
const GOAL_RSS_MB = 300;

interface ImportRun {
  readonly seconds: number;
  readonly peakRss: number;
  /** The command with its child processes (PGlite makes a new database in a child). */
  readonly peakTreeRss: number;
}

/**
 * Issue 27's import rows: `content-import` of the demo seed plus BENCH_IMPORT_ENTRIES generated
 * news entries (test/support/generated-content.ts) into a fresh store, on PGlite and PostgreSQL: the
 * rate (generated entries per second of the whole command, start-up included) and the peak RSS
 * of the command's process (sampled every 50 ms).
 */
export async function importRows(): Promise<Row[]> {
  const entries = BENCH.importEntries;
  const root = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const rows: Row[] = [];
  try {
    const files = join(root, 'content');
    writeGeneratedContent(files, join(PROJECT_ROOT, 'config', 'content', 'seed'), entries);
    for (const database of ['pglite', 'postgres'] as const) {
      const postgres =
        database === 'postgres' ? await createPostgresDatabase('bench_import') : undefined;
      try {
        const run = await runImport(files, {
          DATA_DIR: mkdtempSync(join(root, 'data-')),
          ...(postgres === undefined ? {} : { DATABASE_URL: postgres.url }),
        });
        const rate = entries / run.seconds;
        const shape = `${entries.toLocaleString('en')} entries, ${database}`;
        rows.push(
          {
            group: 'import',
            measure: 'content-import rate',
            shape,
            ours: { value: rate, unit: 'entries/s' },
            goal: `≥ ${GOAL_RATE[database]}/s`,
            verdict: rate >= GOAL_RATE[database] ? 'met' : 'missed',
            note: `${run.seconds.toFixed(1)} s for the whole command; one run`,
          },
          {
            group: 'import',
            measure: 'content-import peak RSS',
            shape,
            ours: { value: toMB(run.peakRss), unit: 'MB' },
            goal: `≤ ${GOAL_RSS_MB} MB`,
            verdict: toMB(run.peakRss) <= GOAL_RSS_MB ? 'met' : 'missed',
            note: `with its child processes ${toMB(run.peakTreeRss).toFixed(0)} MB`,
          },
        );
      } finally {
        await postgres?.drop();
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}

/**
 * `content-import -quiet <files>` with the demo model, run as its bin is (`npx content-import`):
 * the built file executed through its interpreter line, which gives node its flags. Its wall time
 * and peak RSS.
 */
export function runImport(files: string, env: Record<string, string>): Promise<ImportRun> {
  const bin = join(PROJECT_ROOT, 'dist', 'content', 'cli', 'content-import.js');
  // npm marks a bin executable when it links it; the build does not.
  chmodSync(bin, 0o755);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(bin, ['-quiet', files], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        CONTENT_PROJECT_DIR: join(PROJECT_ROOT, 'config', 'content', 'project'),
        ADMIN_PASSWORD: 'bench-import-admin',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let peakRss = 0;
    let peakTreeRss = 0;
    let stderr = '';
    const sample = setInterval(() => {
      try {
        peakRss = Math.max(peakRss, rssBytes(child.pid!));
        peakTreeRss = Math.max(peakTreeRss, treeRssBytes(child.pid!));
      } catch {
        // exited between samples
      }
    }, 50);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code !== 0) reject(new Error(`content-import exited with ${code}: ${stderr.trim()}`));
      else resolve({ seconds: (performance.now() - started) / 1000, peakRss, peakTreeRss });
    });
  });
}
