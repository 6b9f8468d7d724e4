import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/service-process';
import { FENCE_OPEN, MARKER, SKIP_MARKER } from './doc-examples';

/**
 * Finds the fenced blocks of the docs that call the service: a command line that runs curl,
 * grpcurl, `openssl s_client` or one of the package's bins (bare or through npx). Command lines are
 * the lines of a `sh`/`bash`/`shell`/`console` block that are not comments, and in any block the
 * lines starting with `$ `. Each such block must carry `<!-- doc-test... -->` (it runs in
 * doc-examples.e2e-spec.ts) or `<!-- doc-test-skip: <reason> -->` (it cannot run here, and the
 * reason says why).
 */

export interface ServiceCallingBlock {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The first command that calls the service. */
  readonly command: string;
  readonly marker: 'run' | 'skip' | 'none';
  /** A skip marker's reason ('' when empty). */
  readonly reason?: string;
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console']);

export function serviceCallingBlocks(file: string, bins: readonly string[]): ServiceCallingBlock[] {
  const lines = readFileSync(join(PROJECT_ROOT, file), 'utf8').split('\n');
  const calls = callPattern(bins);
  const blocks: ServiceCallingBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = FENCE_OPEN.exec(lines[index]);
    if (!fence) continue;
    const shell = SHELL_LANGUAGES.has(fence[3]);
    let end = index + 1;
    let command: string | undefined;
    while (end < lines.length && !lines[end].trimStart().startsWith(fence[2])) {
      const text = lines[end].trim();
      const isCommand = text.startsWith('$ ') || (shell && text !== '' && !text.startsWith('#'));
      if (isCommand && command === undefined && calls.test(text)) command = text;
      end++;
    }
    if (command !== undefined) {
      blocks.push({ file, line: index + 1, command, ...markerAbove(lines, index) });
    }
    index = end;
  }
  return blocks;
}

function callPattern(bins: readonly string[]): RegExp {
  const names = ['curl', 'grpcurl', 'openssl s_client', ...bins].map((name) =>
    name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  // A command word: at the start, after a pipe, `;`, `&&`, `$(` or npx.
  return new RegExp(`(?:^|[|;&(]\\s*|\\$ |npx\\s+)(?:${names.join('|')})(?:\\s|$)`);
}

function markerAbove(
  lines: readonly string[],
  fence: number,
): { marker: ServiceCallingBlock['marker']; reason?: string } {
  let above = fence - 1;
  while (above >= 0 && lines[above].trim() === '') above--;
  const text = lines[above] ?? '';
  if (MARKER.test(text)) return { marker: 'run' };
  const skip = SKIP_MARKER.exec(text);
  if (skip) return { marker: 'skip', reason: skip[1] };
  return { marker: 'none' };
}
