import { connect } from 'node:net';
import { ServiceProcess, startService } from '../support/service-process';

/**
 * Client errors never reach the error log: a malformed body is answered 400 with exactly
 * `{"message": ...}` (docs/decisions.md) and logged as one debug line, without a stack.
 */

const STACK_FRAME = /^\s+at .+:\d+/m;
let service: ServiceProcess;

beforeAll(async () => {
  service = await startService({ MODULES: 'ratelimit', LOG_LEVEL: 'debug' });
});
afterAll(() => service.stop());

const MALFORMED: [string, Record<string, string>][] = [
  ["curl's default content type", { 'content-type': 'application/x-www-form-urlencoded' }],
  ['application/json', { 'content-type': 'application/json' }],
  ['text/plain', { 'content-type': 'text/plain' }],
];

describe('a malformed /json body', () => {
  it.each(MALFORMED)('under %s: 400 {"message"} and one debug line', async (_name, headers) => {
    const before = service.output().length;
    const answer = await fetch(`${service.httpUrl}/json`, { method: 'POST', headers, body: 'x' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: 'request body is not valid JSON' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = service.output().slice(before);
    expect(logged).not.toMatch(/ERROR/);
    expect(logged).not.toMatch(STACK_FRAME);
    const lines = logged
      .split('\n')
      .filter((line) => line.includes('request body is not valid JSON'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DEBUG: POST \/json: 400 request body is not valid JSON/);
  });

  it('many of them leave no error and no stack in the log', async () => {
    const before = service.output().length;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${service.httpUrl}/json`, { method: 'POST', body: '{"domain":' }).then((r) =>
          r.text(),
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = service.output().slice(before);
    expect(logged).not.toMatch(/ERROR|WARN/);
    expect(logged).not.toMatch(STACK_FRAME);
  });

  it('a body over the 1 MiB limit: 413 {"message"}, no error log', async () => {
    const before = service.output().length;
    const answer = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `"${'a'.repeat(2 * 1024 * 1024)}"`,
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ message: 'Request body is too large' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = service.output().slice(before);
    expect(logged).not.toMatch(/ERROR/);
    expect(logged).toMatch(/DEBUG: POST \/json: 413 Request body is too large/);
  });

  it('after a 413 the connection stays usable: the rest of the body is read, not reset', async () => {
    // Closing with the body unread resets the socket under the client, which may then see
    // EPIPE instead of the 413 (a CI failure); one socket carries both requests here.
    const body = 'a'.repeat(2 * 1024 * 1024);
    const answers = await exchange(
      `POST /json HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n` +
        `content-length: ${body.length}\r\n\r\n${body}` +
        `GET /healthcheck HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`,
    );
    expect(answers.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
  });

  it('the other /json client errors have the same body shape', async () => {
    const answer = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body: JSON.stringify({ domain: '', descriptors: [] }),
    });
    expect(answer.status).toBe(400);
    expect(Object.keys((await answer.json()) as object)).toEqual(['message']);
  });
});

/** Writes raw bytes on one connection and resolves with all it reads until the server closes. */
function exchange(raw: string): Promise<string> {
  const { hostname, port } = new URL(service.httpUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let read = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (read += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(read));
  });
}
