import { createConnection, Socket } from 'node:net';
import { ThrottledWarning } from '../../../counters/memcached/throttled-log';
import { Scheduled, Scheduler } from '../../scheduler';
import { StatsdTransport } from './statsd-writer';

/** Bytes queued while disconnected, or unsent in the socket, beyond which payloads are dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 2000;
/** Longest wait at shutdown for the last lines to leave. */
const CLOSE_TIMEOUT_MS = 1000;

/**
 * statsd over TCP (upstream's default), newline-terminated lines on one connection. The connection
 * is re-established with a capped backoff whenever it drops (a statsd restart); meanwhile payloads
 * wait in a bounded queue and beyond it are dropped, so a dead or slow server costs memory within a
 * bound and never blocks or fails a decision.
 */
export class TcpTransport implements StatsdTransport {
  private socket: Socket | undefined;
  private connected = false;
  private closed = false;
  private queue: string[] = [];
  private queuedBytes = 0;
  private retryMs = RECONNECT_MIN_MS;
  private retry: Scheduled | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly warning: ThrottledWarning,
    private readonly scheduler: Scheduler,
  ) {
    this.connect();
  }

  send(lines: readonly string[]): void {
    if (this.closed) return;
    const payload = lines.join('\n') + '\n';
    const socket = this.socket;
    if (this.connected && socket !== undefined) {
      if (socket.writableLength + payload.length <= MAX_BUFFERED_BYTES) socket.write(payload);
      return;
    }
    if (this.queuedBytes + payload.length <= MAX_BUFFERED_BYTES) {
      this.queue.push(payload);
      this.queuedBytes += payload.length;
    }
  }

  private connect(): void {
    this.retry = undefined;
    if (this.closed) return;
    const socket = createConnection({ host: this.host, port: this.port });
    this.socket = socket;
    socket.unref();
    socket.setNoDelay(true);
    socket.setKeepAlive(true);
    // Read (and discard) so the server's FIN is seen at once, not at the next failed write.
    socket.resume();
    socket.on('connect', () => {
      this.connected = true;
      this.retryMs = RECONNECT_MIN_MS;
      if (this.queue.length > 0) socket.write(this.queue.join(''));
      this.queue = [];
      this.queuedBytes = 0;
    });
    socket.on('error', (error) =>
      this.warning.warn(`statsd (tcp ${this.host}:${this.port}): ${error.message}`),
    );
    socket.on('close', () => {
      if (this.socket === socket) {
        this.socket = undefined;
        this.connected = false;
      }
      if (this.closed) return;
      this.retry = this.scheduler.after(this.retryMs, () => this.connect());
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    });
  }

  /** Sends what is queued or buffered if the server is there, then closes. */
  close(): Promise<void> {
    this.closed = true;
    this.retry?.cancel();
    const socket = this.socket;
    if (socket === undefined) return Promise.resolve();
    return new Promise((resolve) => {
      const timeout = setTimeout(() => {
        socket.destroy();
        resolve();
      }, CLOSE_TIMEOUT_MS);
      timeout.unref();
      socket.once('close', () => {
        clearTimeout(timeout);
        resolve();
      });
      if (this.connected) socket.end();
      else socket.destroy();
    });
  }
}
