import { Client, Server } from 'memjs';
import { formatAddress, MemcachedAddress } from './address';
import { CounterOperations } from './increment';
import { nodeIndex } from './placement';

/** memjs's per-node timeouts, in seconds (memjs's unit). */
export interface MemcachedTimeouts {
  /** memjs `timeout`: longest wait for an answer on a connected node. */
  readonly operationSeconds: number;
  /** memjs `conntimeout`: longest wait for a connection. */
  readonly connectSeconds: number;
}

/**
 * Short enough that a decision never hangs on a dead node (memjs's defaults are 0.5 s and 1 s with
 * 2 retries 0.2 s apart); a healthy memcached answers in well under a millisecond.
 */
export const DEFAULT_MEMCACHED_TIMEOUTS: MemcachedTimeouts = {
  operationSeconds: 0.5,
  connectSeconds: 1,
};

/** A node changed between answering and not; `reason` says why it stopped. */
export type NodeChangeListener = (node: string, answering: boolean, reason: string) => void;

/** The operation was not sent: the node that holds the key is known not to answer. */
export class MemcachedNodeDownError extends Error {
  override readonly name = 'MemcachedNodeDownError';
}

/** memjs reports a cache miss on increment as this error (binary status 1). */
const INCREMENT_MISS = 'MemJS INCREMENT: Key not found';

interface NodeState {
  readonly name: string;
  answering: boolean;
  /** Preallocated: while a node is down every decision touching it would otherwise build one. */
  readonly downError: MemcachedNodeDownError;
}

/**
 * One memjs client over an ordered node list, placing keys as upstream does, plus what memjs
 * lacks: whether each node answers.
 * Keys of a node that does not answer are not sent at all (every instance keeps the same
 * placement: memjs's failover, which moves keys to the next node, stays off), so a dead node costs
 * one failed operation, not a timeout per decision. A probe brings nodes back.
 */
export class MemcachedCluster implements CounterOperations {
  private readonly client: Client;
  private readonly nodes = new Map<Server, NodeState>();
  /** By memjs's `host:port` spelling, which its stats callback reports. */
  private readonly nodesByMemjsName = new Map<string, NodeState>();
  private probed = false;

  constructor(
    readonly addresses: readonly MemcachedAddress[],
    private readonly timeouts: MemcachedTimeouts,
    private readonly onNodeChange: NodeChangeListener,
    memjsLog: (message: string) => void,
  ) {
    const servers = addresses.map((address) => {
      const server = new Server(address.host, address.port, undefined, undefined, {
        timeout: timeouts.operationSeconds,
        conntimeout: timeouts.connectSeconds,
        // Finds a peer that vanished without closing the connection (host down, network split).
        keepAlive: true,
        keepAliveDelay: 10,
      });
      const name = formatAddress(address);
      const state: NodeState = {
        name,
        answering: true,
        downError: new MemcachedNodeDownError(
          `memcached node ${name} is not answering; its keys are skipped until it answers again`,
        ),
      };
      this.nodes.set(server, state);
      this.nodesByMemjsName.set(`${address.host}:${address.port}`, state);
      return server;
    });
    this.client = new Client(servers, {
      // One attempt: the store fails open, and a retry would only double a dead node's cost.
      retries: 1,
      failover: false,
      logger: { log: (...parts: unknown[]) => memjsLog(parts.map(String).join(' ')) },
    });
    // memjs lets its placement be replaced (an index into the list; @types/memjs says string).
    const count = servers.length;
    (this.client as unknown as { getServer(key: string): number }).getServer = (key) =>
      nodeIndex(key, count);
  }

  /** Every node answered the last probe and nothing failed since. */
  allAnswering(): boolean {
    if (!this.probed) return false;
    for (const node of this.nodes.values()) if (!node.answering) return false;
    return true;
  }

  /** The node's `host:port` for a key (`crc32(key) % nodes` over the ordered list). */
  nodeName(key: string): string {
    return this.nodeOf(key).name;
  }

  /** GET; `value` is null for a missing key. Calls back once, possibly synchronously. */
  get(key: string, done: (error: Error | null, value: Buffer | null) => void): void {
    const node = this.nodeOf(key);
    if (!node.answering) {
      done(node.downError, null);
      return;
    }
    this.client.get(key, (error, value) => {
      if (error) this.failed(node, error);
      done(error, value);
    });
  }

  /**
   * INCR by `amount`, creating a missing key with `amount` in the same round trip (the binary
   * protocol's initial value is what gets stored, not initial + amount). Resolves false on a miss,
   * which only a server that refuses to create keys on increment answers.
   */
  increment(key: string, amount: number, expiry: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const node = this.nodeOf(key);
      if (!node.answering) {
        reject(node.downError);
        return;
      }
      this.client.increment(key, amount, { initial: amount, expires: expiry }, (error) => {
        if (!error) resolve(true);
        else if (error.message === INCREMENT_MISS) resolve(false);
        else {
          this.failed(node, error);
          reject(error);
        }
      });
    });
  }

  /** ADD; resolves false when the key already exists. */
  add(key: string, value: string, expiry: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const node = this.nodeOf(key);
      if (!node.answering) {
        reject(node.downError);
        return;
      }
      this.client.add(key, value, { expires: expiry }, (error, stored) => {
        if (error) {
          this.failed(node, error);
          reject(error);
        } else resolve(stored === true);
      });
    });
  }

  /** DELETE (the console's reset); a missing key is no error. */
  delete(key: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const node = this.nodeOf(key);
      if (!node.answering) {
        reject(node.downError);
        return;
      }
      this.client.delete(key, (error) => {
        if (error) {
          this.failed(node, error);
          reject(error);
        } else resolve();
      });
    });
  }

  /** A read of `key` got no answer in time: memjs may never call back, so the caller says so. */
  reportUnanswered(key: string, waitedMs: number): void {
    this.markDown(this.nodeOf(key), `no answer within ${waitedMs} ms`);
  }

  /**
   * Asks every node for its stats (memjs has no NOOP or VERSION) and records which answer.
   * Resolves within the connect and operation timeouts plus a margin, whatever memjs does.
   */
  probe(): Promise<void> {
    return new Promise((resolve) => {
      const pending = new Map(this.nodesByMemjsName);
      const waitMs = Math.ceil(
        (this.timeouts.connectSeconds + this.timeouts.operationSeconds) * 1000 + 100,
      );
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        for (const node of pending.values()) this.markDown(node, `no answer within ${waitMs} ms`);
        this.probed = true;
        resolve();
      };
      const timer = setTimeout(finish, waitMs);
      this.client.stats((error: unknown, server) => {
        const node = pending.get(server);
        // memjs may call back twice for one node (an error line, then the end of the stats).
        if (node === undefined || finished) return;
        pending.delete(server);
        if (error) this.markDown(node, describe(error));
        else this.markUp(node);
        if (pending.size === 0) finish();
      });
    });
  }

  /** Ends every connection; operations still waiting are abandoned (memjs never calls them back). */
  close(): void {
    this.client.close();
  }

  private nodeOf(key: string): NodeState {
    const server = this.client.server(key);
    const node = server && this.nodes.get(server);
    // Cannot happen with failover off (memjs only skips nodes it failed over from).
    if (!node) throw new Error(`memjs placed key ${JSON.stringify(key)} on no known node`);
    return node;
  }

  /**
   * memjs turns a status the server answered into an Error whose message starts with "MemJS "; any
   * other error (refused, reset, timed out) means the node itself did not answer.
   */
  private failed(node: NodeState, error: unknown): void {
    // memjs reports a failed SASL authentication as a bare string.
    const message = describe(error);
    if (!message.startsWith('MemJS ')) this.markDown(node, message);
  }

  private markDown(node: NodeState, reason: string): void {
    if (!node.answering) return;
    node.answering = false;
    this.onNodeChange(node.name, false, reason);
  }

  private markUp(node: NodeState): void {
    if (node.answering) return;
    node.answering = true;
    this.onNodeChange(node.name, true, '');
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
