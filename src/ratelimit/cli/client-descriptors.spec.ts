import { formatDescriptors, InvalidDescriptorList, parseDescriptor } from './client-descriptors';

describe('parseDescriptor', () => {
  it('reads the pairs of one descriptor in order', () => {
    expect(parseDescriptor('remote_address=10.0.0.1,path=/login')).toEqual({
      entries: [
        { key: 'remote_address', value: '10.0.0.1' },
        { key: 'path', value: '/login' },
      ],
    });
  });

  it('accepts empty keys and values, leaving them to the service', () => {
    expect(parseDescriptor('k=')).toEqual({ entries: [{ key: 'k', value: '' }] });
    expect(parseDescriptor('=v')).toEqual({ entries: [{ key: '', value: 'v' }] });
  });

  it.each(['', 'k', 'k=v=w', 'a=b,', 'a=b,c'])('rejects %j', (text) => {
    expect(() => parseDescriptor(text)).toThrow(InvalidDescriptorList);
    expect(() => parseDescriptor(text)).toThrow(
      `invalid value ${JSON.stringify(text)} for flag -descriptors: invalid descriptor list`,
    );
  });
});

describe('formatDescriptors', () => {
  it('prints one bracket per descriptor', () => {
    expect(formatDescriptors([parseDescriptor('api_key=k1'), parseDescriptor('a=1,b=2')])).toBe(
      '[<key=api_key, value=k1>] [<key=a, value=1>, <key=b, value=2>]',
    );
  });

  it('prints nothing without descriptors', () => {
    expect(formatDescriptors([])).toBe('');
  });
});
