import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactUrl('postgres://user:secret@db:5432/app?sslmode=require')).toBe(
      'postgres://user:***@db:5432/app?sslmode=require',
    );
    expect(redactUrl('postgres://db/app')).toBe('postgres://db/app');
    expect(redactUrl('not a url')).toBe('(unparsable URL)');
  });
});
