import Fastify from 'fastify';

/*
 * Baseline: a bare Fastify route that parses the same JSON body and answers a canned decision.
 * Started as its own process: `node noop-http-server.js <port>`.
 */
const [port] = process.argv.slice(2);
const app = Fastify({ logger: false });
const canned = {
  overallCode: 'OK',
  statuses: [
    {
      code: 'OK',
      currentLimit: { requestsPerUnit: 100, unit: 'MINUTE' },
      limitRemaining: 99,
      durationUntilReset: '30s',
    },
  ],
};
app.post('/json', (request, reply) => {
  if (typeof request.body !== 'object') return reply.status(400).send({ message: 'bad request' });
  return reply.send(canned);
});
app.listen({ host: '127.0.0.1', port: Number(port) }).then(
  () => process.stdout.write('ready\n'),
  (error: unknown) => {
    throw error;
  },
);
