import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

/*
 * Baseline of the content GraphQL rows: a bare Fastify route at /graphql answering GET and POST
 * (its JSON body parsed) with the bytes the service answers the same query with, so that the
 * ratio prices everything but HTTP and the size of the answer.
 * Started as its own process: `node noop-graphql-server.js <answer file> <port>`.
 */
const [answerFile, port] = process.argv.slice(2);
const answer = readFileSync(answerFile, 'utf8');
const app = Fastify({ logger: false });
const send = (_request: unknown, reply: import('fastify').FastifyReply) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(answer);
app.get('/graphql', send);
app.post('/graphql', (request, reply) => {
  if (typeof request.body !== 'object') return reply.status(400).send({ message: 'bad request' });
  return send(request, reply);
});
app.listen({ host: '127.0.0.1', port: Number(port) }).then(
  () => process.stdout.write('ready\n'),
  (error: unknown) => {
    throw error;
  },
);
