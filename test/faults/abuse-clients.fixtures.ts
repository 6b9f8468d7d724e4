import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

/** Process and raw-socket helpers of the abuse fault tests: answers read byte by byte, bodies sent as a client chooses. */

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

export interface RawAnswer {
  readonly status: number;
  readonly text: string;
}

/** The one HTTP/1.1 answer a socket receives (complete by its content-length), or undefined. */
export function parseAnswer(received: Buffer): RawAnswer | undefined {
  const text = received.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, headEnd))?.[1]);
  if (received.length < headEnd + 4 + length) return undefined;
  return {
    status: Number(text.slice(9, 12)),
    text: received.subarray(headEnd + 4, headEnd + 4 + length).toString(),
  };
}

export function answerOn(socket: Socket, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseAnswer(received);
      if (answer === undefined) return;
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      reject(new Error('closed before a whole answer'));
    });
  });
}

/**
 * How a raw POST sends its body: `whole` with its length; `length only` announces the length and
 * sends nothing (a server refusing by the length answers at once); `chunked` sends it in chunks
 * without a length and without the final chunk, so a server must count what it reads. The last
 * two never send more than the server reads: a server closing a connection with unread data
 * resets it, and the reset can destroy its answer before the client reads it.
 */
export type Sending = 'whole' | 'length only' | 'chunked';

/** A POST to /graphql over a plain socket, with full control of what is sent. */
export async function rawPost(
  port: number,
  contentType: string,
  body: Buffer,
  sending: Sending = 'whole',
): Promise<RawAnswer> {
  const socket = await openSocket(port);
  socket.on('error', () => undefined);
  try {
    const answer = answerOn(socket);
    // Settles when the answer is complete or cannot come: no more to send then.
    const over = answer.then(
      () => undefined,
      () => undefined,
    );
    let done = false;
    void over.then(() => (done = true));
    const framing =
      sending === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\n${framing}\r\n\r\n`,
    );
    if (sending === 'whole') socket.write(body);
    if (sending === 'chunked') {
      for (let at = 0; at < body.length && !done; at += 1024 * 1024) {
        const part = body.subarray(at, at + 1024 * 1024);
        const size = Buffer.from(`${part.length.toString(16)}\r\n`);
        if (!socket.write(Buffer.concat([size, part, Buffer.from('\r\n')]))) {
          await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), over]);
        }
      }
    }
    return await answer;
  } finally {
    socket.destroy();
  }
}
