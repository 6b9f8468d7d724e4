import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';
import { DocExample, docExamples, normalizeLines, outputMatches } from './doc-examples';
import { FixtureSetup, setUpFixtures } from './doc-fixtures';

/**
 * Every shell example of README.md and docs/*.md marked `<!-- doc-test -->` runs against the built
 * service (test/docs/doc-examples.ts says how examples are marked and read) and must print what the
 * doc shows. The service listens on free loopback ports: `localhost:8080`, `:8081` and `:6070` in a
 * command are rewritten to them, and back in the output. The package's bins (`npx <bin>` or the bare
 * name) run the built `dist/` scripts; `ratelimit-client` dials the service by default.
 * Blocks marked `tls` or `xds` get the certificates or the management server the doc assumes
 * (test/docs/doc-fixtures.ts). SERVICE_MAIN and SERVICE_DIST select another build output (test/support/service-process.ts).
 * `DOC_TEST_PRINT=1` prints what each command printed (to write a new example's answer).
 */

// Each example may start the service (a first PGlite boot with the demo seed takes seconds).
jest.setTimeout(180_000);

const examples = docExamples();

interface Running {
  readonly service: ServiceProcess;
  readonly dataDir: string;
  readonly file: string;
  readonly fixtures: FixtureSetup;
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
  await running.fixtures.close();
  rmSync(running.dataDir, { recursive: true, force: true });
  running = undefined;
}

/** `npm start` as the doc runs it: the embedded defaults, demo content, a fresh data directory. */
async function serviceFor(example: DocExample): Promise<Running> {
  if (running && !example.start && !example.fresh && running.file === example.file) return running;
  await stop();
  const dataDir = mkdtempSync(join(tmpdir(), 'doc-test-data-'));
  const fixtures = await setUpFixtures(example.fixtures);
  try {
    const service = await startService(
      {
        DATA_DIR: dataDir,
        CONTENT_SEED_DIR: 'config/content/seed',
        LOG_LEVEL: 'warn',
        ...rewriteValues(example.start, fixtures),
        ...rewriteValues(example.env, fixtures),
        ...fixtures.env,
      },
      { readyTimeoutMs: 120_000 },
    );
    running = { service, dataDir, file: example.file, fixtures };
    return running;
  } catch (error) {
    await fixtures.close();
    throw error;
  }
}

function rewriteValues(
  env: Readonly<Record<string, string>> | undefined,
  fixtures: FixtureSetup,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env ?? {}).map(([name, value]) => [name, replaceAll(value, fixtures.rewrites)]),
  );
}

/** Replaces every key of `pairs` in `text` by its value, longest first (`:4123` vs `:41235`). */
function replaceAll(text: string, pairs: Readonly<Record<string, string>>): string {
  return Object.entries(pairs)
    .sort(([a], [b]) => b.length - a.length)
    .reduce((result, [from, to]) => result.split(from).join(to), text);
}

/** Doc text → the running service's real addresses (and the fixtures' stand-ins). */
function docToReal(service: ServiceProcess, fixtures: FixtureSetup): Record<string, string> {
  const grpc = service.grpcAddress;
  // An alias is a host name, dialled by name as a deployment does (TLS checks the DNS SAN, and
  // Node warns about an IP address as TLS server name).
  const byName = grpc.replace(/^127\.0\.0\.1:/, 'localhost:');
  return {
    // An alias first: the way back shows the block's own name for the listener.
    ...Object.fromEntries(fixtures.grpcAliases.map((alias) => [alias, byName])),
    'localhost:8080': new URL(service.httpUrl).host,
    'localhost:8081': grpc,
    'localhost:6070': new URL(service.debugUrl).host,
    ...fixtures.rewrites,
  };
}

/** The way back for output: each real address as the doc writes it (the first doc name wins). */
function realToDoc(toReal: Record<string, string>): Record<string, string> {
  const back: Record<string, string> = {};
  for (const [doc, real] of Object.entries(toReal)) back[real] ??= doc;
  return back;
}

interface CommandRun {
  readonly output: string;
  readonly status: number;
}

/** Runs the commands in one shell (so variables carry over), each one's output and status apart. */
function runCommands(
  commands: readonly string[],
  env: Record<string, string>,
  cwd = PROJECT_ROOT,
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
      cwd,
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
      const { service, dataDir, fixtures } = await serviceFor(example);
      if (example.stopped) {
        // PGlite serves one process: the block's commands open the database themselves.
        await service.stop();
        running = { ...running!, file: '' }; // the next block starts a service again
      }
      const real = docToReal(service, fixtures);
      const back = realToDoc(real);
      const toDoc = (text: string) => replaceAll(text, back);
      const runs = await runCommands(
        example.commands.map((command) => replaceAll(command.text, real)),
        {
          PATH: `${bin}:${process.env.PATH ?? ''}`,
          HOME: process.env.HOME ?? tmpdir(),
          DOC_TEST_GRPC: service.grpcAddress,
          // The CLIs read the same settings as the service.
          DATA_DIR: dataDir,
          ...rewriteValues(example.start, fixtures),
          ...rewriteValues(example.env, fixtures),
          ...fixtures.env,
        },
        fixtures.cwd,
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
