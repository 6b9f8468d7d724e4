import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';
import { DocExample, docExamples, normalizeLines, outputMatches } from './doc-examples';

/**
 * Every shell example of README.md and docs/*.md marked `<!-- doc-test -->` runs against the built
 * service (test/docs/doc-examples.ts says how examples are marked and read) and must print what the
 * doc shows. The service listens on free loopback ports: `localhost:8080`, `:8081` and `:6070` in a
 * command are rewritten to them, and back in the output. The package's bins (`npx <bin>` or the bare
 * name) run the built `dist/` scripts; `ratelimit-client` dials the service by default.
 * SERVICE_MAIN and SERVICE_DIST select another build output (test/support/service-process.ts).
 * `DOC_TEST_PRINT=1` prints what each command printed (to write a new example's answer).
 */

// Each example may start the service (a first PGlite boot with the demo seed takes seconds).
jest.setTimeout(180_000);

const DOC_PORTS = { http: 8080, grpc: 8081, debug: 6070 } as const;
const examples = docExamples();

interface Running {
  readonly service: ServiceProcess;
  readonly dataDir: string;
  readonly file: string;
}

let running: Running | undefined;
let bin: string;

beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), 'doc-test-bin-'));
  const packageJson = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  const names = Object.keys(packageJson.bin);
  for (const [name, binScript] of Object.entries(packageJson.bin)) {
    // SERVICE_DIST: another build output directory (e.g. `dist-docs`), as test/ratelimit/cli does.
    const script = binScript.replace(/^dist\//, `${process.env.SERVICE_DIST ?? 'dist'}/`);
    const dial = name === 'ratelimit-client' ? ' -dial_string "$DOC_TEST_GRPC"' : '';
    writeWrapper(name, `exec node "${join(PROJECT_ROOT, script)}"${dial} "$@"`);
  }
  writeWrapper(
    'npx',
    [
      `case "$1" in ${names.join('|')}) name="$1"; shift; exec "${bin}/$name" "$@";; esac`,
      'echo "doc test: npx $1 is not a command of this package" >&2',
      'exit 127',
    ].join('\n'),
  );
});

afterAll(async () => {
  await stop();
  rmSync(bin, { recursive: true, force: true });
});

function writeWrapper(name: string, body: string): void {
  const path = join(bin, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

async function stop(): Promise<void> {
  if (!running) return;
  await running.service.stop();
  rmSync(running.dataDir, { recursive: true, force: true });
  running = undefined;
}

/** `npm start` as the doc runs it: the embedded defaults, demo content, a fresh data directory. */
async function serviceFor(example: DocExample): Promise<Running> {
  if (running && !example.start && !example.fresh && running.file === example.file) return running;
  await stop();
  const dataDir = mkdtempSync(join(tmpdir(), 'doc-test-data-'));
  const service = await startService(
    {
      DATA_DIR: dataDir,
      CONTENT_SEED_DIR: 'config/content/seed',
      LOG_LEVEL: 'warn',
      ...example.start,
      ...example.env,
    },
    { readyTimeoutMs: 120_000 },
  );
  running = { service, dataDir, file: example.file };
  return running;
}

function ports(service: ServiceProcess): Record<keyof typeof DOC_PORTS, string> {
  return {
    http: new URL(service.httpUrl).host,
    debug: new URL(service.debugUrl).host,
    grpc: service.grpcAddress,
  };
}

interface CommandRun {
  readonly output: string;
  readonly status: number;
}

/** Runs the commands in one shell (so variables carry over), each one's output and status apart. */
function runCommands(
  commands: readonly string[],
  env: Record<string, string>,
): Promise<CommandRun[]> {
  const script = commands
    .map(
      (command, index) =>
        `printf '\\n@@doc-test-begin ${index}@@\\n'\n${command}\n` +
        `doc_test_status=$?\nprintf '\\n@@doc-test-end ${index} %d@@\\n' "$doc_test_status"\n`,
    )
    .join('');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', reject);
    child.once('close', () => {
      clearTimeout(timer);
      resolve(
        commands.map((_command, index) => {
          const begin = output.indexOf(`@@doc-test-begin ${index}@@\n`);
          const endMatch = new RegExp(`\\n@@doc-test-end ${index} (\\d+)@@`).exec(output);
          if (begin < 0 || !endMatch) return { output, status: -1 };
          return {
            output: output.slice(begin + `@@doc-test-begin ${index}@@\n`.length, endMatch.index),
            status: Number(endMatch[1]),
          };
        }),
      );
    });
  });
}

describe('shell examples of the docs', () => {
  it('are found (the marker is in use)', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map((example) => [`${example.file}:${example.line}`, example] as const))(
    '%s',
    async (_where, example) => {
      const { service, dataDir } = await serviceFor(example);
      const real = ports(service);
      if (example.stopped) {
        // PGlite serves one process: the block's commands open the database themselves.
        await service.stop();
        running = { ...running!, file: '' }; // the next block starts a service again
      }
      const toReal = (text: string) =>
        (Object.keys(DOC_PORTS) as (keyof typeof DOC_PORTS)[]).reduce(
          (result, name) => result.split(`localhost:${DOC_PORTS[name]}`).join(real[name]),
          text,
        );
      const toDoc = (text: string) =>
        (Object.keys(DOC_PORTS) as (keyof typeof DOC_PORTS)[]).reduce(
          (result, name) => result.split(real[name]).join(`localhost:${DOC_PORTS[name]}`),
          text,
        );
      const runs = await runCommands(
        example.commands.map((command) => toReal(command.text)),
        {
          PATH: `${bin}:${process.env.PATH ?? ''}`,
          HOME: process.env.HOME ?? tmpdir(),
          DOC_TEST_GRPC: real.grpc,
          // The CLIs read the same settings as the service.
          DATA_DIR: dataDir,
          ...example.start,
          ...example.env,
        },
      );
      example.commands.forEach((command, index) => {
        const run = runs[index];
        const output = toDoc(run.output);
        const where = `${example.file}:${command.line}`;
        expect({ where, command: command.text, status: run.status, output }).toEqual({
          where,
          command: command.text,
          status: 0,
          output,
        });
        if (process.env.DOC_TEST_PRINT) console.log(`${where}\n${output}`);
        if (command.expected === undefined) return;
        if (!outputMatches(command.expected, output)) {
          // Shown side by side by jest's diff.
          expect({ where, output: normalizeLines(output) }).toEqual({
            where,
            output: normalizeLines(command.expected.join('\n')),
          });
        }
      });
    },
  );
});
