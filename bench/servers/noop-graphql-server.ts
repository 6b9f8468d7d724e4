import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

/*
 * Baseline of the content GraphQL rows: a bare Fastify route at /graphql answering GET and POST
 * (its JSON body parsed) with the bytes the service answers the same query with, headers
 * included, so that the ratio prices everything but HTTP and the size of the answer.
 * Started as its own process: `node noop-graphql-server.js <answer file> <headers file> <port>`;
 * the headers file holds `{ "GET": { name: value }, "POST": { ... } }`.
 */
const [answerFile, headersFile, port] = process.argv.slice(2);
const answer = readFileSync(answerFile, 'utf8');
const headers = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<
  'GET' | 'POST',
  Record<string, string>
>;
const app = Fastify({ logger: false });
app.get('/graphql', (_request, reply) => reply.headers(headers.GET).send(answer));
app.post('/graphql', (request, reply) => {
  if (typeof request.body !== 'object') return reply.status(400).send({ message: 'bad request' });
  return reply.headers(headers.POST).send(answer);
});
app.listen({ host: '127.0.0.1', port: Number(port) }).then(
  () => process.stdout.write('ready\n'),
  (error: unknown) => {
    throw error;
  },
);
