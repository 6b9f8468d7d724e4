import { createSocket, Socket as UdpSocket } from 'node:dgram';
import { AddressInfo, createServer, Server, Socket } from 'node:net';

/** One statsd line, parsed: `name:value|type[|#tags]`. */
export interface StatsdLine {
  readonly name: string;
  readonly value: number;
  readonly type: string;
  /** DogStatsD tags, `k:v` each, in the order sent. */
  readonly tags: readonly string[];
}

export function parseStatsdLine(line: string): StatsdLine {
  const match = /^(.+):([^:|]+)\|([a-z]+)(?:\|#(.*))?$/.exec(line);
  if (!match) throw new Error(`not a statsd line: ${JSON.stringify(line)}`);
  return {
    name: match[1],
    value: Number(match[2]),
    type: match[3],
    tags: match[4] ? match[4].split(',') : [],
  };
}

/**
 * A statsd server for tests: a UDP socket and a TCP server on free loopback ports, recording every
 * line. The TCP side can be restarted on the same port to play a statsd restart.
 */
export class StatsdCollector {
  readonly datagrams: string[] = [];
  private readonly tcpText: string[] = [];
  private udp: UdpSocket | undefined;
  private tcp: Server | undefined;
  private readonly connections = new Set<Socket>();
  udpPort = 0;
  tcpPort = 0;

  static async start(): Promise<StatsdCollector> {
    const collector = new StatsdCollector();
    collector.udp = createSocket('udp4');
    collector.udp.on('message', (message) => collector.datagrams.push(message.toString()));
    await new Promise<void>((resolve) => collector.udp!.bind(0, '127.0.0.1', resolve));
    collector.udpPort = collector.udp.address().port;
    await collector.startTcp(0);
    return collector;
  }

  /** Every complete line received so far, UDP and TCP. */
  lines(): StatsdLine[] {
    const tcpLines = this.tcpText.join('').split('\n');
    tcpLines.pop(); // an incomplete last line, or '' after the final newline
    return [...this.datagrams.flatMap((datagram) => datagram.split('\n')), ...tcpLines]
      .filter((line) => line !== '')
      .map(parseStatsdLine);
  }

  /** Sum of the counter deltas sent under `name`. */
  counterSum(name: string): number {
    return this.lines()
      .filter((line) => line.type === 'c' && line.name === name)
      .reduce((sum, line) => sum + line.value, 0);
  }

  get tcpConnections(): number {
    return this.connections.size;
  }

  clear(): void {
    this.datagrams.length = 0;
    this.tcpText.length = 0;
  }

  /** Drops every connection and closes the TCP port, as a statsd server going down. */
  async stopTcp(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    await new Promise<void>((resolve) => this.tcp?.close(() => resolve()));
  }

  /** Listens again (on the same port unless told otherwise). */
  async startTcp(port = this.tcpPort): Promise<void> {
    const server = createServer((socket) => {
      this.connections.add(socket);
      socket.on('data', (chunk: Buffer) => this.tcpText.push(chunk.toString()));
      socket.on('close', () => this.connections.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.tcpPort = (server.address() as AddressInfo).port;
    this.tcp = server;
  }

  async stop(): Promise<void> {
    await this.stopTcp();
    await new Promise<void>((resolve) => this.udp?.close(() => resolve()));
  }
}
