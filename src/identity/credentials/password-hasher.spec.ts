import { hashPassword, verifyPassword } from './password-hasher';

describe('password hashing (scrypt)', () => {
  const cheap = { ln: 4, r: 8, p: 1 };

  it('stores the algorithm, its parameters and a random salt with the hash', async () => {
    const first = await hashPassword('s3cret', cheap);
    const second = await hashPassword('s3cret', cheap);
    expect(first).toMatch(/^\$scrypt\$ln=4,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('s3cret', cheap);
    expect(await verifyPassword('s3cret', stored)).toBe(true);
    expect(await verifyPassword('S3cret', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('uses N = 2^15 by default and verifies with the parameters stored in the hash', async () => {
    const stored = await hashPassword('pw');
    expect(stored.startsWith('$scrypt$ln=15,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('pw', stored)).toBe(true);
  });

  it('rejects malformed hashes and absurd parameters without computing', async () => {
    for (const stored of ['', 'plain', '$scrypt$ln=40,r=8,p=1$AAAA$AAAAAAAAAAAAAAAAAAAAAAAA']) {
      expect(await verifyPassword('pw', stored)).toBe(false);
    }
  });
});
