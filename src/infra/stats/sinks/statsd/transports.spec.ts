import { Logger } from '@nestjs/common';
import { createSocket, Socket as UdpSocket } from 'node:dgram';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { SystemClock } from '../../../clock/clock';
import { ThrottledWarning } from '../../../counters/memcached/throttled-log';
import { timerScheduler } from '../../scheduler';
import { TcpTransport } from './tcp-transport';
import { UdpTransport } from './udp-transport';

const warning = new ThrottledWarning(new Logger('test'), new SystemClock(), 60_000);

/** Polls until `probe` holds; these tests use real sockets on loopback. */
async function until(probe: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A TCP statsd stand-in that can be stopped and started again on the same port. */
class TcpCollector {
  text = '';
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(port = 0): Promise<void> {
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('data', (chunk: Buffer) => (this.text += chunk.toString()));
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

describe('TcpTransport', () => {
  it('writes newline-terminated lines and reconnects after the server restarts', async () => {
    const collector = new TcpCollector();
    await collector.start();
    const transport = new TcpTransport('127.0.0.1', collector.port, warning, timerScheduler);
    transport.send(['a:1|c', 'b:2|g']);
    await until(() => collector.text === 'a:1|c\nb:2|g\n', 'the first lines');

    await collector.stop();
    collector.text = '';
    await collector.start(collector.port);
    // Sent while the connection is down or being re-established: queued, not lost, not thrown.
    await until(() => {
      transport.send(['c:3|c']);
      return collector.text.includes('c:3|c\n');
    }, 'lines after the restart');
    await transport.close();
    await collector.stop();
  });

  it('neither throws nor grows without bound while nothing listens, and delivers what it kept', async () => {
    const collector = new TcpCollector();
    await collector.start();
    const port = collector.port;
    await collector.stop();
    const transport = new TcpTransport('127.0.0.1', port, warning, timerScheduler);
    // 20 000 lines of 100 bytes: about twice the 1 MiB the transport keeps while disconnected.
    const line = (i: number) => `x${String(i).padStart(8, '0')}:${'1'.repeat(88)}|c`;
    expect(() => {
      for (let i = 0; i < 20_000; i++) transport.send([line(i)]);
    }).not.toThrow();
    // The server comes back: the kept lines arrive, then a marker sent after them.
    await collector.start(port);
    await until(() => {
      transport.send(['marker:1|c']);
      return collector.text.includes('marker:1|c\n');
    }, 'the kept lines and the marker');
    const kept = collector.text.split('\n').filter((text) => text.startsWith('x'));
    // The oldest lines, in order, as many as fit in the bound; the rest were dropped, not queued.
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(20_000);
    expect(kept.join('\n').length).toBeLessThanOrEqual(1024 * 1024);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => line(i)));
    await transport.close();
    await collector.stop();
  });
});

describe('UdpTransport', () => {
  it('sends one datagram per payload', async () => {
    const received: string[] = [];
    const server: UdpSocket = createSocket('udp4');
    server.on('message', (message) => received.push(message.toString()));
    await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
    const transport = new UdpTransport('127.0.0.1', server.address().port, warning);
    transport.send(['a:1|c', 'b:2|c']);
    transport.send(['c:1|ms']);
    await until(() => received.length === 2, 'two datagrams');
    expect(received).toEqual(['a:1|c\nb:2|c', 'c:1|ms']);
    await transport.close();
    server.close();
  });
});
