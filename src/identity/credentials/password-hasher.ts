import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';

/** Cost of new hashes: N = 2^15 (32 MiB, ~55 ms on the reference machine), r = 8, p = 1. */
const DEFAULT_PARAMS = { ln: 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** Hashes read back are bounded: a corrupt row must not make one login allocate gigabytes. */
const LIMITS = { ln: 20, r: 32, p: 16 } as const;

interface ScryptParams {
  readonly ln: number;
  readonly r: number;
  readonly p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams, length: number) {
  const N = 2 ** params.ln;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    maxmem: 128 * N * params.r * 2 + 1024 * 1024,
  };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * scrypt (memory-hard, built into node:crypto). The stored form carries its own parameters and
 * salt, `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64), so the cost can be raised later without
 * invalidating existing hashes.
 */
export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

function parseStored(
  stored: string,
): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(
    stored,
  );
  if (!match) return undefined;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.ln < 1 || params.ln > LIMITS.ln || params.r < 1 || params.r > LIMITS.r) {
    return undefined;
  }
  if (params.p < 1 || params.p > LIMITS.p) return undefined;
  const key = Buffer.from(match[5], 'base64');
  if (key.length < 16) return undefined;
  return { params, salt: Buffer.from(match[4], 'base64'), key };
}
