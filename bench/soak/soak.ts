import { machine, writeResults } from '../report/results-file';
import { encodeRequest } from '../tools/grpc-wire';
import { fillDistinctKeys } from '../tools/key-fill';
import { toMB } from '../tools/proc-memory';
import { modulesHonoured } from '../tools/probe';
import { rawGrpcClient } from '../tools/raw-grpc-client';
import { benchRules } from '../tools/rule-files';
import { launchService, Service } from '../tools/service-launcher';
import { startMixedLoad } from './mixed-load';
import { RequestMix } from './request-mix';
import { growthLine, SAMPLE_HEADER, sampleLine, verdictLine, verdictOf } from './soak-report';
import { SoakSample, takeSample } from './soak-sample';
import { SOAK } from './soak-settings';

/*
 * `npm run bench:soak`: SOAK_SECONDS (default 10 minutes) of mixed load against a
 * `MODULES=ratelimit` memory-store process (gRPC and /json, a million distinct keys over minute and
 * day windows, request limit overrides, unknown domains); RSS and heap every SOAK_SAMPLE_SECONDS;
 * at the end, whether RSS is within 10 % of RSS at minute 2. Written to
 * bench/results/soak-<UTC time>.{json,md}. Not part of CI.
 */
async function main(): Promise<void> {
  const at = new Date();
  const service = await launchService({
    label: 'soak',
    shape: 'ratelimit',
    env: {
      ...benchRules('bench.yaml'),
      BACKEND_TYPE: 'memory',
      STATS_FLUSH_INTERVAL: '5s',
    },
  });
  const out = (line: string) => process.stdout.write(line + '\n');
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    out(line);
  };
  const samples: SoakSample[] = [];
  try {
    const notes = await preflight(service);
    print(
      `${machine()}; soak of a MODULES=ratelimit memory-store process (pid ${service.pid}) for ${SOAK.seconds} s; ${SOAK.keys} keys; gRPC ${SOAK.grpcConcurrency} + /json ${SOAK.jsonConcurrency} in flight; rate ${SOAK.rate || 'unpaced'}; ${at.toISOString()}`,
    );
    print(`healthy ${(service.readyMs / 1000).toFixed(2)} s after spawn`);
    // The day-window keys first, at full speed, so the store holds the whole key space before
    // the reference sample; the mixed load then keeps counting them and the minute-window keys.
    const fillSeconds = await fillDistinctKeys(service.grpcUrl, SOAK.keys, (i) => `s${i}`);
    print(`${SOAK.keys} day-window keys counted first, in ${fillSeconds.toFixed(1)} s`);
    for (const note of notes) print(`note: ${note}`);
    print('');
    SAMPLE_HEADER.forEach(print);
    const load = startMixedLoad(service);
    const started = performance.now();
    for (let next = SOAK.sampleSeconds; ; next += SOAK.sampleSeconds) {
      const seconds = Math.min(next, SOAK.seconds);
      const wait = started + seconds * 1000 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sample = await takeSample(service, seconds, load.counts, load.mix.keysTouched);
      print(sampleLine(sample, samples[samples.length - 1]));
      samples.push(sample);
      if (seconds >= SOAK.seconds) break;
    }
    await load.stop();
    const verdict = verdictOf(samples);
    print('');
    print(verdictLine(verdict));
    print(growthLine(verdict));
    if (load.counts.firstErrors.length > 0) {
      print(`first errors: ${load.counts.firstErrors.join(' | ')}`);
    }
    const files = writeResults(
      'soak-',
      at,
      {
        at: at.toISOString(),
        machine: machine(),
        settings: SOAK,
        readyMs: service.readyMs,
        notes,
        samples,
        verdict: { ...verdict, endRssMB: toMB(verdict.end.rssBytes) },
        firstErrors: load.counts.firstErrors,
      },
      lines.join('\n'),
    );
    out(`\nwritten: ${files.json}, ${files.markdown}`);
  } finally {
    await service.stop();
  }
}

/** Every kind of request of the mix must be answered before the soak starts. */
async function preflight(service: Service): Promise<string[]> {
  const notes: string[] = [];
  if (!(await modulesHonoured(service))) {
    notes.push('MODULES=ratelimit is not honoured by this build: the process holds every module');
  }
  const mix = new RequestMix();
  const requests = Array.from({ length: 20 }, () => mix.next());
  const grpc = rawGrpcClient(service.grpcUrl);
  try {
    for (const request of requests) {
      await grpc.call(encodeRequest(request));
      const response = await fetch(`${service.httpUrl}/json`, {
        method: 'POST',
        body: JSON.stringify(request),
      });
      if (response.status !== 200) {
        throw new Error(
          `/json refused a soak request: ${response.status} ${await response.text()}`,
        );
      }
    }
  } finally {
    grpc.close();
  }
  return notes;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
