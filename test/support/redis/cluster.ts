import { join } from 'node:path';
import { freePort } from '../free-port';
import { RedisProcess, execFileAsync, launch, requireBinary, stopAll, withClient } from './process';
import {
  HOST,
  RedisNode,
  baseArgs,
  nodeHandle,
  passwordArgs,
  pings,
  startAllOrNone,
  waitForAll,
} from './node';

const MASTERS = 3;

export interface RedisClusterOptions {
  /** `requirepass` and `masterauth` on every node. */
  password?: string;
  /** One replica per master (six nodes), for failover tests; default none. */
  withReplicas?: boolean;
}

export interface RedisCluster {
  /** `127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3`, the form the service's settings take. */
  readonly url: string;
  readonly password?: string;
  /**
   * The three masters. restart() keeps the node's nodes.conf, so it rejoins with its slots (but
   * no data); it resolves once every running node reports `cluster_state:ok` again.
   */
  readonly nodes: readonly RedisNode[];
  /** With `withReplicas`: the three replicas (which master each follows is the cluster's choice). */
  readonly replicas: readonly RedisNode[];
  /** Kill every node and remove their files. */
  stop(): Promise<void>;
}

/**
 * Three masters (and, with `withReplicas`, one replica each), slots split by
 * `redis-cli --cluster create`. Resolves once every
 * node reports `cluster_state:ok`, all slots served and all three nodes known.
 */
export async function startCluster(options: RedisClusterOptions = {}): Promise<RedisCluster> {
  requireBinary('redis-server');
  const cli = requireBinary('redis-cli');
  const { password } = options;
  const replicaCount = options.withReplicas ? MASTERS : 0;
  const all = await startAllOrNone(
    Array.from(
      { length: MASTERS + replicaCount },
      () => () =>
        launch(
          'redis-cluster-node',
          async (port, dir) => [
            ...baseArgs(port, dir),
            ...passwordArgs(password),
            ...['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, 'nodes.conf')],
            '--cluster-node-timeout',
            '2000',
            // The default bus port is port + 10000, which overflows for high ephemeral ports.
            '--cluster-port',
            String(await freePort()),
          ],
          (self) => pings({ port: self.port, password })(),
        ),
    ),
  );
  const nodes = all.slice(0, MASTERS);
  const allOk = () =>
    waitForAll('cluster_state:ok on every node', all, async () => {
      const infos = await Promise.all(
        all
          .filter((node) => node.running)
          .map((node) => withClient({ port: node.port, password }, (c) => c.cluster('INFO'))),
      );
      return infos.every(
        (info) =>
          info.includes('cluster_state:ok') &&
          info.includes('cluster_slots_ok:16384') &&
          info.includes(`cluster_known_nodes:${all.length}`),
      );
    });
  try {
    await create(cli, all, password, replicaCount > 0 ? 1 : 0);
    await allOk();
  } catch (error) {
    await stopAll(all);
    throw error;
  }
  return {
    url: nodes.map((node) => `${HOST}:${node.port}`).join(','),
    password,
    nodes: nodes.map((node) => nodeHandle(node, allOk)),
    replicas: all.slice(MASTERS).map((node) => nodeHandle(node, allOk)),
    stop: () => stopAll(all),
  };
}

async function create(
  cli: string,
  nodes: readonly RedisProcess[],
  password: string | undefined,
  replicasPerMaster: number,
): Promise<void> {
  const auth = password === undefined ? [] : ['-a', password, '--no-auth-warning'];
  const addresses = nodes.map((node) => `${HOST}:${node.port}`);
  const args = [...auth, '--cluster', 'create', ...addresses];
  try {
    // redis-cli sleeps in whole seconds while the nodes meet, so this takes about 3 s.
    // redis-cli makes the first nodes listed the masters.
    const replicas = ['--cluster-replicas', String(replicasPerMaster)];
    await execFileAsync(cli, [...args, ...replicas, '--cluster-yes'], {
      timeout: 30_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const logs = nodes.map((node) => node.logTail(10)).join('\n');
    throw new Error(`redis-cli --cluster create failed:\n${stdout}${stderr}\n${logs}`);
  }
}
