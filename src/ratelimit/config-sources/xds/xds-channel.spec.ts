import { callMetadata } from './xds-channel';

describe('xDS call metadata', () => {
  it('sends the additional headers with lowercased keys', () => {
    const metadata = callMetadata({ 'X-Tenant': 'acme', trace: 'on' }, () => {
      throw new Error('no key is invalid here');
    });
    expect(metadata.getMap()).toEqual({ 'x-tenant': 'acme', trace: 'on' });
  });

  it('carries a -bin header as bytes', () => {
    const metadata = callMetadata({ 'token-bin': 'abc' }, () => undefined);
    expect(metadata.get('token-bin')).toEqual([Buffer.from('abc')]);
  });

  it('leaves out and reports a key gRPC cannot send', () => {
    const invalid: string[] = [];
    const metadata = callMetadata({ 'bad key': 'v', good: 'g' }, (key) => invalid.push(key));
    expect(invalid).toEqual(['bad key']);
    expect(metadata.getMap()).toEqual({ good: 'g' });
  });
});
