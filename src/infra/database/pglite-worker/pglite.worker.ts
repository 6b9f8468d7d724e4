import { PGlite, Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { PglitePreparedStatements } from '../pglite-prepared';
import { createPglite } from '../pglite-start';
import {
  identityParsers,
  OPENED_ID,
  serializeError,
  WorkerRequest,
  WorkerResponse,
  WorkerStart,
} from './protocol';

/**
 * The PGlite worker thread (PGLITE_WORKER): owns the database and runs the queries the main
 * thread's PgliteWorkerClient sends, so that PGlite's WASM and result parsing stay off the event
 * loop that answers HTTP. Requests are handled concurrently: PGlite queues them itself exactly as
 * on the main thread (a query outside an open transaction waits for its end).
 */

interface OpenTransaction {
  readonly tx: Transaction;
  /** Lets the transaction's callback return (commit) or throw (rollback). */
  readonly release: (commit: boolean) => void;
  /** PGlite's transaction: resolves once committed, rejects once rolled back. */
  readonly outcome: Promise<void>;
}

class RolledBack extends Error {}

const port = parentPort!;
const transactions = new Map<number, OpenTransaction>();
let nextTxId = 1;

function reply(response: WorkerResponse): void {
  try {
    port.postMessage(response);
  } catch (error) {
    // A result that cannot be cloned: the caller still gets an answer.
    port.postMessage({ id: response.id, error: serializeError(error) });
  }
}

function transaction(txId: number): OpenTransaction {
  const open = transactions.get(txId);
  if (open === undefined) throw new Error(`no open transaction ${txId}`);
  return open;
}

/** Opens a transaction held until `commit` or `rollback` names it; resolves with its id. */
function begin(db: PGlite): Promise<number> {
  const txId = nextTxId++;
  return new Promise((opened, failed) => {
    let release: (commit: boolean) => void = () => undefined;
    const held = new Promise<void>((commit, rollback) => {
      release = (ok) => (ok ? commit() : rollback(new RolledBack()));
    });
    const outcome: Promise<void> = db.transaction(async (tx) => {
      transactions.set(txId, { tx, release, outcome });
      opened(txId);
      await held;
    });
    // Before the callback ran, BEGIN failed (the database is closing); after, end() reports.
    outcome.catch((error: Error) => failed(error)).finally(() => transactions.delete(txId));
  });
}

async function end(txId: number, commit: boolean): Promise<null> {
  const open = transaction(txId);
  open.release(commit);
  try {
    await open.outcome;
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return null;
}

async function handle(
  db: PGlite,
  statements: PglitePreparedStatements,
  request: WorkerRequest,
): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: identityParsers(request.rawOids) };
      const result =
        request.prepared === true && request.txId === undefined
          ? await statements.query(request.text, request.params, options)
          : await (request.txId === undefined ? db : transaction(request.txId).tx).query(
              request.text,
              [...request.params],
              options,
            );
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const on = request.txId === undefined ? db : transaction(request.txId).tx;
      const results = await on.exec(request.text);
      return results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    }
    case 'begin':
      return begin(db);
    case 'commit':
      return end(request.txId, true);
    case 'rollback':
      return end(request.txId, false);
    case 'close':
      if (!db.closed) await db.close();
      return null;
  }
}

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = await createPglite(workerData as WorkerStart);
  } catch (error) {
    reply({ id: OPENED_ID, error: serializeError(error) });
    return;
  }
  const statements = new PglitePreparedStatements(db);
  port.on('message', (request: WorkerRequest) => {
    handle(db, statements, request).then(
      (result) => reply({ id: request.id, result }),
      (error: unknown) => reply({ id: request.id, error: serializeError(error) }),
    );
  });
  reply({ id: OPENED_ID, result: null });
}

void main();
