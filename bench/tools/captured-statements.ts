import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Service, SERVICE_MAIN } from './service-launcher';
import type { CapturedStatement } from './statement-capture';

/**
 * The settings that preload bench/tools/statement-capture.ts into a service of this build (the
 * PGlite worker client's path is the service build's, `SERVICE_MAIN`'s directory, as it loads it).
 */
export function captureEnv(file: string): Record<string, string> {
  writeFileSync(file, '');
  return {
    NODE_OPTIONS: `--require ${join(__dirname, 'statement-capture.js')}`,
    BENCH_CAPTURE_FILE: file,
    BENCH_CAPTURE_WORKER_CLIENT: join(
      dirname(SERVICE_MAIN),
      'infra',
      'database',
      'pglite-worker',
      'pglite-worker-client.js',
    ),
  };
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The statements the service sends while answering `ask` once (after one answer that is not
 * captured, so that what warms up on a first request is not counted). The capture is switched
 * with SIGUSR2 around the request; nothing else asks the service meanwhile.
 */
export async function captureStatements(
  service: Service,
  file: string,
  ask: () => Promise<void>,
): Promise<CapturedStatement[]> {
  await ask();
  writeFileSync(file, '');
  process.kill(service.pid, 'SIGUSR2');
  await pause(200);
  await ask();
  process.kill(service.pid, 'SIGUSR2');
  await pause(200);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CapturedStatement);
}
