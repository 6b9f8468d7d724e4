import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { ServiceProcess, startService } from '../support/service-process';

/*
 * Brute-force protection of Basic auth and the bounded password hashing queue (issue 19, finding
 * 5), over real sockets. Each client address is its own loopback address (127.0.0.x, as
 * `localAddress`), so the per-address lock can be told apart from the per-login lock. The lock
 * window is a few seconds (LOGIN_ATTEMPTS_WINDOW); its end is awaited by polling with a deadline,
 * never by a sleep.
 */

const ADMIN_PASSWORD = 'admin-secret';
const INVALID = {
  message: 'Invalid username or password',
  messageId: 'basic-auth.invalid-credentials',
  statusCode: 401,
  traceID: '',
};
const LOCKED = { ...INVALID, messageId: 'login-attempt.blocked' };

interface Answer {
  status: number;
  body: unknown;
}

/** Past authentication: the route answered (a plain Viewer may get 403 from its RBAC check). */
const authenticated = (answer: Answer) => answer.status === 200 || answer.status === 403;

function get(
  service: ServiceProcess,
  path: string,
  options: { from?: string; basic?: [string, string] } = {},
): Promise<Answer> {
  const url = new URL(path, service.httpUrl);
  const headers: Record<string, string> = {};
  if (options.basic) {
    headers.authorization = `Basic ${Buffer.from(options.basic.join(':')).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      { method: 'GET', headers, localAddress: options.from ?? '127.0.0.1', agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    call.on('error', reject);
    call.end();
  });
}

async function createUser(service: ServiceProcess, login: string): Promise<void> {
  const url = new URL('/api/admin/users', service.httpUrl);
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`,
    },
    body: JSON.stringify({
      name: login,
      login,
      email: `${login}@example.com`,
      password: `${login}-pw`,
    }),
  });
  if (answer.status !== 200) throw new Error(`cannot create ${login}: ${await answer.text()}`);
}

async function stat(service: ServiceProcess, name: string): Promise<number> {
  const text = await (await fetch(`${service.debugUrl}/stats`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name}: `));
  return line === undefined ? NaN : Number(line.slice(name.length + 2));
}

describe('Basic auth brute-force protection', () => {
  let service: ServiceProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'login-protection-e2e-'));
    service = await startService({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_WINDOW: '3s',
      DISABLE_IP_ADDRESS_LOGIN_PROTECTION: 'false',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '2',
    });
    for (const login of ['alice', 'bob', 'carol', 'dave']) await createUser(service, login);
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('locks a login after 5 wrong passwords, leaves other logins alone, and lifts the lock after the window', async () => {
    for (let i = 1; i <= 5; i++) {
      const answer = await get(service, '/api/teams/search', {
        from: '127.0.0.2',
        basic: ['alice', `guess-${i}`],
      });
      expect([i, answer.status, answer.body]).toEqual([i, 401, INVALID]);
    }
    // The right password, from another address: refused with the same body as a wrong one.
    const locked = await get(service, '/api/teams/search', {
      from: '127.0.0.3',
      basic: ['alice', 'alice-pw'],
    });
    expect([locked.status, locked.body]).toEqual([401, LOCKED]);
    // The guessing address is locked for every login; bob from elsewhere is served.
    const fromGuesser = await get(service, '/api/teams/search', {
      from: '127.0.0.2',
      basic: ['bob', 'bob-pw'],
    });
    expect([fromGuesser.status, fromGuesser.body]).toEqual([401, LOCKED]);
    const bob = await get(service, '/api/teams/search', {
      from: '127.0.0.4',
      basic: ['bob', 'bob-pw'],
    });
    expect(authenticated(bob)).toBe(true);
    expect(await stat(service, 'identity.login.failed')).toBeGreaterThanOrEqual(5);
    expect(await stat(service, 'identity.login.locked')).toBeGreaterThanOrEqual(2);

    // Attempts while locked do not extend the lock: polling with the right password ends.
    const { value } = await eventually(
      'the lock of alice to end',
      async () => {
        const answer = await get(service, '/api/teams/search', {
          from: '127.0.0.3',
          basic: ['alice', 'alice-pw'],
        });
        if (answer.status === 401) {
          expect(answer.body).toEqual(LOCKED);
          return undefined;
        }
        return answer;
      },
      20_000,
      100,
    );
    expect(authenticated(value)).toBe(true);
  }, 60_000);

  it('one lock per account, whether its login or its email is presented (issue 29)', async () => {
    // Each guess from its own address: only the account's lock can stop the sixth.
    for (let i = 1; i <= 5; i++) {
      const answer = await get(service, '/api/teams/search', {
        from: `127.0.1.${i}`,
        basic: [i % 2 ? 'dave' : 'dave@example.com', `guess-${i}`],
      });
      expect([i, answer.status, answer.body]).toEqual([i, 401, INVALID]);
    }
    for (const identifier of ['dave', 'DAVE@example.com']) {
      const locked = await get(service, '/api/teams/search', {
        from: '127.0.1.9',
        basic: [identifier, 'dave-pw'],
      });
      expect([identifier, locked.status, locked.body]).toEqual([identifier, 401, LOCKED]);
    }
  });

  it('answers 503 at once when the password hashing queue is full, and nothing else fails', async () => {
    // 30 unknown logins from 30 addresses: neither lock applies, every request needs a hash.
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        get(service, '/api/teams/search', {
          from: `127.0.1.${i + 1}`,
          basic: [`nobody-${i}`, 'x'],
        }),
      ),
    );
    const statuses = flood.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(flood.find((answer) => answer.status === 503)?.body).toEqual({
      message: 'Too many password checks in progress, try again shortly',
    });
    expect(await stat(service, 'identity.password_hash.refused')).toBeGreaterThan(0);
    // Once the flood has passed, a login is checked as usual.
    const carol = await get(service, '/api/teams/search', {
      from: '127.0.0.5',
      basic: ['carol', 'carol-pw'],
    });
    expect(authenticated(carol)).toBe(true);
  }, 60_000);
});
