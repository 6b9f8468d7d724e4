import { createSocket, Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { ThrottledWarning } from '../../../counters/memcached/throttled-log';
import { StatsdTransport } from './statsd-writer';

/** Payloads wait for the socket's connect (one DNS lookup) up to this many; later ones are dropped. */
const MAX_WAITING = 64;
/** A failed connect (the name did not resolve) is tried again after this long. */
const RECONNECT_MS = 1000;

/**
 * statsd over UDP: one datagram per payload (the writer keeps them under a safe MTU). The socket is
 * connected once, so a host name is resolved once, not per datagram. Losses are UDP's nature: errors
 * (nobody listening, unreachable) are logged, throttled, and never thrown.
 */
export class UdpTransport implements StatsdTransport {
  private readonly socket: Socket;
  private connected = false;
  private waiting: Buffer[] = [];
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly warning: ThrottledWarning,
  ) {
    this.socket = createSocket(isIPv6(host) ? 'udp6' : 'udp4');
    this.socket.unref();
    this.socket.on('error', (error) => {
      this.warning.warn(`statsd (udp ${host}:${port}): ${error.message}`);
      // An error before the connect completed is the connect failing: try again later.
      if (!this.connected && !this.closed) setTimeout(() => this.connect(), RECONNECT_MS).unref();
    });
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    this.socket.connect(this.port, this.host, () => {
      this.connected = true;
      for (const payload of this.waiting) this.sendNow(payload);
      this.waiting = [];
    });
  }

  send(lines: readonly string[]): void {
    const payload = Buffer.from(lines.join('\n'));
    if (this.connected) this.sendNow(payload);
    else if (this.waiting.length < MAX_WAITING) this.waiting.push(payload);
  }

  private sendNow(payload: Buffer): void {
    this.socket.send(payload, (error) => {
      if (error) this.warning.warn(`statsd (udp): ${error.message}`);
    });
  }

  close(): Promise<void> {
    this.closed = true;
    return new Promise((resolve) => {
      try {
        this.socket.close(() => resolve());
      } catch {
        resolve(); // already closed
      }
    });
  }
}
