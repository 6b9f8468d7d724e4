import { connect, createServer, Socket } from 'node:net';

/*
 * A TCP proxy that holds every chunk `delayMs` before passing it on, both ways: Redis as if it
 * were that much further away (the store-latency rows). Chunks keep their order (timers of one
 * duration fire in the order they were set). Started as its own process, so the load client's
 * event loop does not stretch the delay: `node latency-proxy.js <target port> <delay ms> <port>`.
 */
const [targetPort, delay, port] = process.argv.slice(2).map(Number);

function forward(from: Socket, to: Socket): void {
  if (delay === 0) {
    from.pipe(to);
    return;
  }
  from.on('data', (chunk: Buffer) => {
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, delay);
  });
  // The end travels after the data held back.
  from.on('end', () => setTimeout(() => to.end(), delay));
}

const server = createServer((client) => {
  client.setNoDelay(true);
  const upstream = connect({ host: '127.0.0.1', port: targetPort });
  upstream.setNoDelay(true);
  forward(client, upstream);
  forward(upstream, client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
  client.on('close', close);
  upstream.on('close', close);
});
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
