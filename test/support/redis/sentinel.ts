import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RedisProcess, launch, requireBinary, stopAll, withClient } from './process';
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

const MASTER_NAME = 'mymaster';

export interface SentinelSetupOptions {
  /** Password of the master and the replica (`requirepass` and `masterauth` on both). */
  password?: string;
  /** `requirepass` on the sentinels themselves. */
  sentinelPassword?: string;
}

export interface SentinelSetup {
  readonly masterName: string;
  /** `mymaster,127.0.0.1:s1,127.0.0.1:s2,127.0.0.1:s3`, the form the service's settings take. */
  readonly url: string;
  /** For `new Redis({ sentinels, name })`. */
  readonly sentinels: readonly { host: string; port: number }[];
  readonly password?: string;
  readonly sentinelPassword?: string;
  /**
   * The process started as master. Roles follow failovers, so after one this may be a replica;
   * restart() reuses the original args (no `--replicaof`) and the sentinels demote it again.
   */
  readonly master: RedisNode;
  /** The process started with `--replicaof` the master; restart() keeps that flag. */
  readonly replica: RedisNode;
  readonly sentinelNodes: readonly RedisNode[];
  /** The address the first answering sentinel currently reports for the master. */
  currentMaster(): Promise<{ host: string; port: number } | undefined>;
  /** Kill every process and remove their files. */
  stop(): Promise<void>;
}

/**
 * One master, one replica and three sentinels (quorum 2, 1 s down-after, 3 s failover timeout).
 * Resolves once every sentinel reports the master, sees the replica as healthy and knows the two
 * other sentinels, so a failover can be authorised the moment a test kills the master.
 */
export async function startSentinelSetup(
  options: SentinelSetupOptions = {},
): Promise<SentinelSetup> {
  requireBinary('redis-server');
  const { password, sentinelPassword } = options;
  const started: RedisProcess[] = [];
  try {
    const dataArgs = (port: number, dir: string) => [
      ...baseArgs(port, dir),
      ...passwordArgs(password),
    ];
    const dataReady = (self: RedisProcess) => pings({ port: self.port, password })();
    const master = await launch('redis-master', dataArgs, dataReady);
    started.push(master);
    const replica = await launch(
      'redis-replica',
      (port, dir) => [...dataArgs(port, dir), '--replicaof', HOST, String(master.port)],
      dataReady,
    );
    started.push(replica);
    // Sentinels learn replicas from the master's INFO, sent as soon as they connect; with the
    // link already up they see the replica at once instead of at the next 10 s INFO refresh.
    await waitForAll('replica linked to master', started, () =>
      withClient({ port: replica.port, password }, async (client) =>
        (await client.info('replication')).includes('master_link_status:up'),
      ),
    );

    const sentinels = await startAllOrNone(
      [1, 2, 3].map(() => () => launchSentinel(master.port, options)),
    );
    started.push(...sentinels);

    await waitForAll(
      'every sentinel sees master, replica and the other sentinels',
      started,
      async () => {
        const views = await Promise.all(
          sentinels.map((sentinel) => sentinelView(sentinel.port, sentinelPassword)),
        );
        return views.every(
          (view) =>
            view.master === `${HOST}:${master.port}` &&
            view.healthyReplicas.includes(`${HOST}:${replica.port}`) &&
            view.otherSentinels >= sentinels.length - 1,
        );
      },
    );

    const sentinelAddresses = sentinels.map((sentinel) => ({ host: HOST, port: sentinel.port }));
    return {
      masterName: MASTER_NAME,
      url: [MASTER_NAME, ...sentinelAddresses.map((s) => `${s.host}:${s.port}`)].join(','),
      sentinels: sentinelAddresses,
      password,
      sentinelPassword,
      master: nodeHandle(master),
      replica: nodeHandle(replica),
      sentinelNodes: sentinels.map((sentinel) => nodeHandle(sentinel)),
      currentMaster: async () => {
        for (const sentinel of sentinels.filter((s) => s.running)) {
          try {
            const [host, port] = (await masterAddress(sentinel.port, sentinelPassword)).split(':');
            return { host, port: Number(port) };
          } catch {
            // try the next sentinel
          }
        }
        return undefined;
      },
      stop: () => stopAll(started),
    };
  } catch (error) {
    await stopAll(started);
    throw error;
  }
}

function launchSentinel(masterPort: number, options: SentinelSetupOptions): Promise<RedisProcess> {
  return launch(
    'redis-sentinel',
    (port, dir) => {
      // Sentinel rewrites its config file, so each one gets its own in its own directory.
      const file = join(dir, 'sentinel.conf');
      writeFileSync(file, sentinelConfig(port, dir, masterPort, options));
      return [file, '--sentinel'];
    },
    (self) => pings({ port: self.port, password: options.sentinelPassword })(),
  );
}

function sentinelConfig(
  port: number,
  dir: string,
  masterPort: number,
  { password, sentinelPassword }: SentinelSetupOptions,
): string {
  return [
    `port ${port}`,
    `bind ${HOST}`,
    `dir ${dir}`,
    'sentinel resolve-hostnames no',
    `sentinel monitor ${MASTER_NAME} ${HOST} ${masterPort} 2`,
    `sentinel down-after-milliseconds ${MASTER_NAME} 1000`,
    `sentinel failover-timeout ${MASTER_NAME} 3000`,
    `sentinel parallel-syncs ${MASTER_NAME} 1`,
    // Sentinels also use their own requirepass to authenticate to each other.
    ...(sentinelPassword === undefined ? [] : [`requirepass ${sentinelPassword}`]),
    ...(password === undefined ? [] : [`sentinel auth-pass ${MASTER_NAME} ${password}`]),
    '',
  ].join('\n');
}

interface SentinelView {
  master: string;
  healthyReplicas: string[];
  otherSentinels: number;
}

/** `host:port` of the master as one sentinel currently reports it. */
function masterAddress(port: number, password: string | undefined): Promise<string> {
  return withClient({ port, password }, async (client) => {
    const address = await client.call('SENTINEL', 'get-master-addr-by-name', MASTER_NAME);
    if (!Array.isArray(address)) throw new Error(`sentinel knows no master: ${String(address)}`);
    return address.join(':');
  });
}

async function sentinelView(port: number, password: string | undefined): Promise<SentinelView> {
  const master = await masterAddress(port, password);
  return withClient({ port, password }, async (client) => {
    const replicas = await client.call('SENTINEL', 'replicas', MASTER_NAME);
    const others = await client.call('SENTINEL', 'sentinels', MASTER_NAME);
    if (!Array.isArray(replicas) || !Array.isArray(others)) {
      throw new Error(`unexpected SENTINEL replies: ${JSON.stringify([replicas, others])}`);
    }
    return {
      master,
      healthyReplicas: replicas
        .map(fields)
        .filter((replica) => !/s_down|o_down|disconnected/.test(replica.flags ?? ''))
        .map((replica) => `${replica.ip}:${replica.port}`),
      otherSentinels: others.length,
    };
  });
}

/** A SENTINEL entry as a record: RESP2 (and ioredis's legacy RESP3 mapping) sends flat pairs. */
function fields(entry: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (Array.isArray(entry)) {
    for (let i = 0; i + 1 < entry.length; i += 2) record[String(entry[i])] = String(entry[i + 1]);
  } else if (entry && typeof entry === 'object') {
    for (const [key, value] of Object.entries(entry)) record[key] = String(value);
  }
  return record;
}
