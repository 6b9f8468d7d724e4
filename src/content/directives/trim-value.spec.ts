import { trimValue } from './trim-value';

describe('trimValue', () => {
  it("trims PHP trim()'s whitespace from both ends", () => {
    expect(trimValue('  \t\n\r\0\x0B hello world \n')).toBe('hello world');
    expect(trimValue('inner  space')).toBe('inner  space');
    expect(trimValue('   ')).toBe('');
  });

  it('keeps other spaces, which are content', () => {
    expect(trimValue('\u00a0x\u00a0')).toBe('\u00a0x\u00a0');
  });
});
