import { schemaDefinition } from '../schemas.fixtures';
import { isSchemaUsable, schemaOfToken } from './validity';

const NOW = Date.parse('2030-06-01T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms);

describe('token validity (fixed clock)', () => {
  const schema = schemaDefinition('partner');

  it('grants the schema of an enabled token without expiry or expiring later', () => {
    expect(schemaOfToken({ enabled: true, expiryDate: null }, schema, NOW)).toBe(schema);
    expect(schemaOfToken({ enabled: true, expiryDate: at(1) }, schema, NOW)).toBe(schema);
  });

  it('refuses a disabled token, an expired one, and one expiring exactly now', () => {
    expect(schemaOfToken({ enabled: false, expiryDate: null }, schema, NOW)).toBeUndefined();
    expect(schemaOfToken({ enabled: true, expiryDate: at(-1) }, schema, NOW)).toBeUndefined();
    expect(schemaOfToken({ enabled: true, expiryDate: at(0) }, schema, NOW)).toBeUndefined();
  });

  it('refuses a token whose schema is gone, disabled or expired', () => {
    const token = { enabled: true, expiryDate: null };
    expect(schemaOfToken(token, undefined, NOW)).toBeUndefined();
    expect(schemaOfToken(token, schemaDefinition('off', { enabled: false }), NOW)).toBeUndefined();
    expect(
      schemaOfToken(token, schemaDefinition('old', { expiryDate: at(0) }), NOW),
    ).toBeUndefined();
  });

  it('treats a schema expiring exactly now as expired', () => {
    expect(isSchemaUsable(schemaDefinition('a', { expiryDate: at(1) }), NOW)).toBe(true);
    expect(isSchemaUsable(schemaDefinition('a', { expiryDate: at(0) }), NOW)).toBe(false);
    expect(isSchemaUsable(schemaDefinition('a', { enabled: false }), NOW)).toBe(false);
  });
});
