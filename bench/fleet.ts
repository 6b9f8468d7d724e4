import { PROJECT_ROOT } from '../test/support/service-process';
import { grpcLoad, jsonLoad } from './load';
import { ONE } from './requests';
import { protoRootOf } from './tools/grpc-frame';
import { rssBytes } from './tools/proc-memory';
import { Child, startBaseline, startRedis } from './tools/processes';
import { modulesHonoured } from './tools/probe';
import { benchRules } from './tools/rule-files';
import { launchService, Service, Shape, SHAPES } from './tools/service-launcher';

export type Store = 'memory' | 'redis';

/** A service of the fleet, with what its boot measured. */
export interface Booted {
  readonly service: Service;
  /** RSS one second after `/healthcheck` first answered 200. */
  readonly bootRss: number;
}

/**
 * Every process the measured rows need, started up front and idle while another is measured:
 * the no-op baselines, a redis-server, and the service per store × process shape; with
 * `algorithms`, one more `MODULES=ratelimit` service per store holding rules/algorithms.yaml.
 */
export interface Fleet {
  readonly noopGrpc: Child;
  readonly noopHttp: Child;
  /** Undefined when neither the throughput nor the latency rows are run. */
  readonly services?: Record<Store, Record<Shape, Booted>>;
  /** Undefined when the algorithm rows are not run. */
  readonly algorithms?: Record<Store, Service>;
  /** Things the reader must know (MODULES not honoured...). */
  readonly notes: string[];
  stop(): Promise<void>;
}

export async function startFleet(want: {
  readonly shapes: boolean;
  readonly algorithms: boolean;
}): Promise<Fleet> {
  const stoppers: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const stopper of stoppers.reverse()) await stopper();
  };
  try {
    const noopGrpc = await startBaseline('noop-grpc-server.js', [protoRootOf(PROJECT_ROOT)]);
    stoppers.push(noopGrpc.stop);
    const noopHttp = await startBaseline('noop-http-server.js', []);
    stoppers.push(noopHttp.stop);
    const redis = await startRedis();
    stoppers.push(redis.stop);
    const storeEnv: Record<Store, Record<string, string>> = {
      memory: { BACKEND_TYPE: 'memory' },
      redis: { BACKEND_TYPE: 'redis', REDIS_URL: redis.url },
    };
    const rules = benchRules('bench.yaml');
    const notes: string[] = [];
    const boot = async (store: Store, shape: Shape): Promise<Booted> => {
      const service = await launchService({
        label: `${store} ${shape}`,
        shape,
        env: { ...rules, ...storeEnv[store] },
      });
      stoppers.push(service.stop);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const bootRss = rssBytes(service.pid);
      await warmUp(service);
      return { service, bootRss };
    };
    let services: Record<Store, Record<Shape, Booted>> | undefined;
    if (want.shapes) {
      services = { memory: {}, redis: {} } as Record<Store, Record<Shape, Booted>>;
      for (const store of ['memory', 'redis'] as const) {
        for (const shape of SHAPES) services[store][shape] = await boot(store, shape);
      }
      if (!(await modulesHonoured(services.memory.ratelimit.service))) {
        notes.push(
          'MODULES=ratelimit is not honoured by this build (/graphql answers): the MODULES=ratelimit rows measure a full process',
        );
      }
    }
    let algorithms: Record<Store, Service> | undefined;
    if (want.algorithms) {
      const algorithmRules = benchRules('bench.yaml', 'algorithms.yaml');
      algorithms = {} as Record<Store, Service>;
      for (const store of ['memory', 'redis'] as const) {
        const service = await launchService({
          label: `${store} algorithms`,
          shape: 'ratelimit',
          env: { ...algorithmRules, ...storeEnv[store] },
        });
        stoppers.push(service.stop);
        await warmUp(service);
        algorithms[store] = service;
      }
    }
    return { noopGrpc, noopHttp, services, algorithms, notes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The services per store and shape; throws when the fleet was started without them. */
export function shapeServices(fleet: Fleet): Record<Store, Record<Shape, Booted>> {
  if (!fleet.services) throw new Error('the fleet was started without the shape services');
  return fleet.services;
}

/** JIT and connection warm-up before the first measured run of a fresh process. */
async function warmUp(service: Service): Promise<void> {
  await grpcLoad(service.grpcUrl, ONE, { seconds: 2 });
  await jsonLoad(service.httpUrl, ONE, 1);
}
