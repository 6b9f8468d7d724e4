import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { applyRequestTimeout } from '../../../http/request-timeout';

/** `host:port`, `[v6]:port` or Go's `:port` (every interface). */
export function parseListenAddress(address: string): { host: string | undefined; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d+)$/.exec(address.trim());
  const port = match ? Number(match[3]) : NaN;
  if (!match || port > 65535) {
    throw new Error(
      `PROMETHEUS_ADDR=${JSON.stringify(address)}: allowed values: host:port, [ipv6]:port or :port`,
    );
  }
  const host = match[1] ?? match[2];
  return { host: host === '' ? undefined : host, port };
}

/**
 * The Prometheus listener (PROMETHEUS_ADDR, PROMETHEUS_PATH), separate from the service's ports as
 * upstream. Before each scrape the counters are brought up to date, so a scrape never lags a flush.
 */
export class PrometheusListener {
  private readonly server: Server;

  constructor(
    private readonly registry: Registry,
    private readonly path: string,
    beforeScrape: () => void,
    /** HTTP_REQUEST_TIMEOUT: a scrape request must arrive whole within it (0: no limit). */
    requestTimeoutMs = 0,
  ) {
    this.server = createServer((request, response) => {
      const url = request.url ?? '/';
      const path = url.split('?', 1)[0];
      if (path !== this.path || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`metrics are at ${this.path}\n`);
        return;
      }
      beforeScrape();
      this.registry.metrics().then(
        (text) => {
          response.writeHead(200, { 'content-type': this.registry.contentType });
          response.end(text);
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          response.end(`${error.message}\n`);
        },
      );
    });
    applyRequestTimeout(this.server, requestTimeoutMs);
  }

  async listen(address: string): Promise<string> {
    const { host, port } = parseListenAddress(address);
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', (error) =>
        reject(new Error(`PROMETHEUS_ADDR=${JSON.stringify(address)}: ${error.message}`)),
      );
      this.server.listen({ host, port }, () => {
        this.server.removeAllListeners('error');
        resolve();
      });
    });
    const bound = this.server.address() as AddressInfo;
    return `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}${this.path}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
