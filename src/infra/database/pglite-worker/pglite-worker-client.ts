import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  deserializeError,
  OPENED_ID,
  rawParserOids,
  RowMode,
  WorkerRequest,
  WorkerResponse,
  WorkerStart,
} from './protocol';

/** The part of PGlite's query options Drizzle passes (see drizzle-orm/pglite/session). */
export interface QueryOptions {
  readonly rowMode?: RowMode;
  readonly parsers?: Readonly<Record<string, (value: string, typeId?: number) => unknown>>;
}

/** What a query answers: the parts of PGlite's Results that cross the thread boundary. */
export interface WorkerResults {
  readonly rows: unknown[];
  readonly fields: { name: string; dataTypeID: number }[];
  readonly affectedRows?: number;
}

/** The calls Drizzle's pglite driver makes on a transaction. */
export interface WorkerTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<WorkerResults>;
  exec(text: string): Promise<WorkerResults[]>;
  readonly closed: boolean;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type RequestBody = WorkerRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never;

/**
 * Stands in for a PGlite instance on the main thread (PGLITE_WORKER): Drizzle's pglite driver
 * calls `query`, `exec` and `transaction` on it as it would on PGlite, and each call is a
 * message to the worker thread that owns the database (pglite.worker.ts).
 */
export class PgliteWorkerClient implements WorkerTransaction {
  private readonly pending = new Map<number, Pending>();
  private nextId = OPENED_ID + 1;
  private ended = false;
  private failureListeners: ((error: Error) => void)[] = [];

  private constructor(private readonly worker: Worker) {
    worker.on('message', (response: WorkerResponse) => this.settle(response));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the PGlite worker exited (${code})`)));
  }

  /** Starts the worker and waits until it has opened the database in `directory`. */
  static async open(start: WorkerStart): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(
      new Worker(join(__dirname, 'pglite.worker.js'), { workerData: start }),
    );
    try {
      await new Promise((resolve, reject) => client.pending.set(OPENED_ID, { resolve, reject }));
    } catch (error) {
      await client.worker.terminate();
      throw error;
    }
    return client;
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Called when the worker stops on its own (a crash): every later query fails. */
  onFailure(listener: (error: Error) => void): void {
    this.failureListeners.push(listener);
  }

  query(text: string, params: unknown[] = [], options?: QueryOptions): Promise<WorkerResults> {
    return this.run(text, params, options, undefined);
  }

  /** A read outside transactions as a named prepared statement in the worker (pglite-prepared). */
  preparedQuery(text: string, params: unknown[], options?: QueryOptions): Promise<WorkerResults> {
    return this.run(text, params, options, undefined, true);
  }

  exec(text: string): Promise<WorkerResults[]> {
    return this.send({ op: 'exec', text }) as Promise<WorkerResults[]>;
  }

  /** Like PGlite's: commits when `work` resolves, rolls back when it throws. */
  async transaction<T>(work: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.send({ op: 'begin' })) as number;
    let closed = false;
    const tx: WorkerTransaction = {
      query: (text, params = [], options) => this.run(text, params, options, txId),
      exec: (text) => this.send({ op: 'exec', text, txId }) as Promise<WorkerResults[]>,
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      closed = true;
      await this.send({ op: 'rollback', txId });
      throw error;
    }
    closed = true;
    await this.send({ op: 'commit', txId });
    return result;
  }

  /** Closes the database in the worker, then stops the worker. */
  async close(): Promise<void> {
    if (this.ended) return;
    try {
      await this.send({ op: 'close' });
    } finally {
      this.ended = true;
      await this.worker.terminate();
    }
  }

  private run(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    txId: number | undefined,
    prepared?: boolean,
  ): Promise<WorkerResults> {
    return this.send({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      rawOids: rawParserOids(options?.parsers),
      txId,
      prepared,
    }) as Promise<WorkerResults>;
  }

  private send(body: RequestBody): Promise<unknown> {
    if (this.ended) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ ...body, id });
      } catch (error) {
        // A parameter that cannot be cloned.
        this.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private settle(response: WorkerResponse): void {
    const pending = this.pending.get(response.id);
    if (pending === undefined) return;
    this.pending.delete(response.id);
    if ('error' in response) pending.reject(deserializeError(response.error));
    else pending.resolve(response.result);
  }

  private fail(error: Error): void {
    const unexpected = !this.ended;
    this.ended = true;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    if (unexpected) for (const listener of this.failureListeners) listener(error);
  }
}
