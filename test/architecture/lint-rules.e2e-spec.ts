import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../support/service-process';

const run = promisify(execFile);

/** [rule, a file that breaks it] — each linted as a real file of src/, then removed. */
const PROBES: readonly [string, string][] = [
  ['eqeqeq', 'export const same = (a: unknown, b: unknown): boolean => a == b;\n'],
  [
    'curly',
    'export function first(list: number[]): number {\n  for (const item of list)\n    if (item > 0) return item;\n  return 0;\n}\n',
  ],
  [
    'max-lines',
    `${Array.from({ length: 501 }, (_, i) => `export const n${i} = ${i};`).join('\n')}\n`,
  ],
  [
    'max-lines-per-function',
    `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(80)}  return n;\n}\n`,
  ],
  [
    '@typescript-eslint/explicit-module-boundary-types',
    'export function next(value: number) {\n  return value + 1;\n}\n',
  ],
];

describe('lint rules that keep the code small and plain', () => {
  it('fail on a crafted file breaking each of them, and a file breaking none passes', async () => {
    const files = PROBES.map((_, i) =>
      join(PROJECT_ROOT, 'src', 'infra', `lint-probe-${process.pid}-${i}.ts`),
    );
    const clean = join(PROJECT_ROOT, 'src', 'infra', `lint-probe-${process.pid}-clean.ts`);
    PROBES.forEach(([, text], i) => writeFileSync(files[i], text));
    writeFileSync(clean, 'export const same = (a: unknown, b: unknown): boolean => a === b;\n');
    try {
      const report = await run('npx', ['eslint', '--format', 'json', ...files, clean], {
        cwd: PROJECT_ROOT,
        maxBuffer: 16 * 1024 * 1024,
      }).then(
        ({ stdout }) => stdout,
        (error: { stdout: string }) => error.stdout,
      );
      const results = JSON.parse(report) as {
        filePath: string;
        messages: { ruleId: string | null }[];
      }[];
      const rules = (file: string) =>
        results.find((result) => result.filePath === file)!.messages.map((m) => m.ruleId);
      expect(PROBES.map(([rule], i) => [rule, rules(files[i])])).toEqual(
        PROBES.map(([rule]) => [rule, [rule]]),
      );
      expect(rules(clean)).toEqual([]);
    } finally {
      for (const file of [...files, clean]) rmSync(file, { force: true });
    }
  }, 180_000);
});
