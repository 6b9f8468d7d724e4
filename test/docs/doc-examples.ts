import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/service-process';

/**
 * The shell examples of README.md and docs/*.md that the docs test runs. A fenced block is an
 * example when the marker comes right before its opening fence (blank lines aside):
 *
 *     <!-- doc-test -->     or     <!-- doc-test: fresh stopped tls NAME=value NAME2=value -->
 *
 * (`fresh`: the block gets a newly started service rather than the one the file's earlier blocks
 * used; `stopped`: a fresh service is started (its database created and seeded) and stopped before
 * the commands run, for the commands that open the embedded database themselves; `tls`, `xds`, `redis`,
 * `allow-list`:
 * the block gets a fresh service with what the doc assumes around it (test/docs/doc-fixtures.ts);
 * the variables are added to the service's environment). A block that calls the service but cannot
 * run here says why instead: `<!-- doc-test-skip: needs Docker -->` (test/docs/doc-coverage.ts
 * checks that every such block carries one marker or the other). Two forms are read:
 *
 * - a `sh` block: each command (with `\` continuations) may be followed directly by `# ` lines,
 *   which are its expected output; other comment lines are prose;
 * - a console block: `$ command` lines, each followed by its expected output lines.
 *
 * A command `[NAME=value ...] npm start` (or `npm run setup-and-start`, the assignments possibly on
 * `\`-continued lines) is not run: it tells the test to start a fresh service with those variables, which the following commands of the file then call.
 * In expected output, `...` inside a line matches any text and a line holding only `...` matches any
 * number of lines.
 */

export interface DocCommand {
  /** 1-based line of the command in its file. */
  readonly line: number;
  readonly text: string;
  /** Undefined when the doc shows no output: then only a zero exit status is expected. */
  readonly expected?: readonly string[];
}

export interface DocExample {
  readonly file: string;
  readonly line: number;
  /** Set when the block starts the service itself (`... npm start`). */
  readonly start?: Readonly<Record<string, string>>;
  readonly env: Readonly<Record<string, string>>;
  /** The marker asks for a newly started service. */
  readonly fresh: boolean;
  /** The marker asks for the commands to run with the service stopped (PGlite commands). */
  readonly stopped: boolean;
  /** What the doc assumes around the service (`tls`, `redis`, ...): test/docs/doc-fixtures.ts. */
  readonly fixtures: readonly DocFixture[];
  readonly commands: readonly DocCommand[];
}

export type DocFixture = 'tls' | 'xds' | 'redis' | 'allow-list';
const FIXTURES: readonly string[] = ['tls', 'xds', 'redis', 'allow-list'] satisfies DocFixture[];

// Markers and fences may be indented (a block inside a list item).
export const MARKER = /^\s*<!--\s*doc-test(?::\s*(.*?))?\s*-->\s*$/;
export const SKIP_MARKER = /^\s*<!--\s*doc-test-skip:\s*(.*?)\s*-->\s*$/;
export const FENCE_OPEN = /^(\s*)(`{3,})\s*([\w-]*)/;
const START =
  /^((?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*)npm (?:start|run setup-and-start)(?:\s+#.*)?\s*$/;

/** README.md and every docs/*.md, relative to the project root. */
export function markdownFiles(): string[] {
  const docs = readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

export function docExamples(files: readonly string[] = markdownFiles()): DocExample[] {
  return files.flatMap((file) => examplesOf(file, readFileSync(join(PROJECT_ROOT, file), 'utf8')));
}

export function examplesOf(file: string, markdown: string): DocExample[] {
  const lines = markdown.split('\n');
  const examples: DocExample[] = [];
  for (let index = 0; index < lines.length; index++) {
    const marker = MARKER.exec(lines[index]);
    if (!marker) continue;
    let open = index + 1;
    while (open < lines.length && lines[open].trim() === '') open++;
    const fence = FENCE_OPEN.exec(lines[open] ?? '');
    if (!fence) throw new Error(`${file}:${index + 1}: a doc-test marker must precede a fence`);
    const [, indent, ticks] = fence;
    const body: { line: number; text: string }[] = [];
    let end = open + 1;
    while (end < lines.length && !lines[end].trimStart().startsWith(ticks)) {
      const text = lines[end].startsWith(indent) ? lines[end].slice(indent.length) : lines[end];
      body.push({ line: end + 1, text });
      end++;
    }
    if (end >= lines.length) throw new Error(`${file}:${open + 1}: unclosed fence`);
    const words = (marker[1] ?? '').split(/\s+/).filter((word) => word !== '');
    const stopped = words.includes('stopped');
    const fixtures = words.filter((word): word is DocFixture => FIXTURES.includes(word));
    const fresh = stopped || fixtures.length > 0 || words.includes('fresh');
    const options = new Set(['fresh', 'stopped', ...FIXTURES]);
    const env = parseAssignments(words.filter((word) => !options.has(word)).join(' '));
    examples.push({ file, line: open + 1, env, fresh, stopped, fixtures, ...parseBlock(body) });
    index = end;
  }
  return examples;
}

function parseAssignments(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const at = word.indexOf('=');
    if (at <= 0) throw new Error(`not NAME=value: ${word}`);
    env[word.slice(0, at)] = word.slice(at + 1);
  }
  return env;
}

function parseBlock(body: readonly { line: number; text: string }[]): {
  start?: Record<string, string>;
  commands: DocCommand[];
} {
  const consoleForm = body.some(({ text }) => text.startsWith('$ '));
  const commands: { line: number; text: string; expected?: string[] }[] = [];
  let start: Record<string, string> | undefined;
  let index = 0;
  const readCommand = (first: string): string => {
    let text = first;
    while (text.endsWith('\\') && index < body.length) text += `\n${body[index++].text}`;
    return text;
  };
  while (index < body.length) {
    const { line, text } = body[index++];
    if (consoleForm) {
      if (!text.startsWith('$ ')) throw new Error(`line ${line}: output before any command`);
      const command = readCommand(text.slice(2));
      const expected: string[] = [];
      while (index < body.length && !body[index].text.startsWith('$ ')) {
        expected.push(body[index++].text);
      }
      while (expected.length > 0 && expected[expected.length - 1].trim() === '') expected.pop();
      commands.push({ line, text: command, expected });
      continue;
    }
    if (text.trim() === '' || text.trimStart().startsWith('#')) continue;
    const command = readCommand(text);
    const startLine = START.exec(command.replace(/\\\n/g, ' '));
    if (startLine) {
      start = parseAssignments(startLine[1]);
      continue;
    }
    const expected: string[] = [];
    while (index < body.length && /^#( |$)/.test(body[index].text)) {
      expected.push(body[index++].text.replace(/^# ?/, ''));
    }
    commands.push({ line, text: command, expected: expected.length > 0 ? expected : undefined });
  }
  return { start, commands };
}

/** Whether `actual` is what `expected` shows, with its `...` wildcards. */
export function outputMatches(expected: readonly string[], actual: string): boolean {
  const pattern = expected
    .map((line) =>
      line.trim() === '...'
        ? '(?:[^\\n]*\\n)*?'
        : `${line
            .trimEnd()
            .split('...')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^\\n]*?')}\\n`,
    )
    .join('');
  return new RegExp(`^${pattern}$`).test(normalizeLines(actual));
}

/** Lines without carriage returns or trailing blanks, each ending in a newline, no blank tail. */
export function normalizeLines(text: string): string {
  const lines = text
    .replace(/\r/g, '')
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines.map((line) => `${line}\n`).join('');
}
