import type { IncomingMessage } from 'node:http';
import { plainJsonValue, takesShortcut } from './json-shortcut';

const request = (method: string, url: string, headers: Record<string, string>): IncomingMessage =>
  ({ method, url, headers }) as unknown as IncomingMessage;

describe('the /json shortcut', () => {
  const json = { 'content-type': 'application/json', 'content-length': '20' };

  it('reads only a POST to exactly /json with a plain JSON body of announced length', () => {
    expect(takesShortcut(request('POST', '/json', json))).toBe(true);
    expect(
      takesShortcut(
        request('POST', '/json', { ...json, 'content-type': 'Application/JSON; Charset=UTF-8' }),
      ),
    ).toBe(true);
    expect(takesShortcut(request('PUT', '/json', json))).toBe(false);
    expect(takesShortcut(request('POST', '/json?x=1', json))).toBe(false);
    expect(takesShortcut(request('POST', '/json/', json))).toBe(false);
    expect(takesShortcut(request('POST', '/json', { ...json, 'content-type': 'text/plain' }))).toBe(
      false,
    );
    expect(
      takesShortcut(
        request('POST', '/json', { ...json, 'content-type': 'application/json; charset=latin1' }),
      ),
    ).toBe(false);
    expect(takesShortcut(request('POST', '/json', { 'content-type': 'application/json' }))).toBe(
      false,
    );
    expect(takesShortcut(request('POST', '/json', { ...json, 'content-length': '0' }))).toBe(false);
    expect(
      takesShortcut(request('POST', '/json', { ...json, 'content-length': String(2 * 1024 ** 2) })),
    ).toBe(false);
    expect(
      takesShortcut(request('POST', '/json', { ...json, 'transfer-encoding': 'chunked' })),
    ).toBe(false);
  });

  it('parses plain JSON and leaves every body the route parser treats differently to it', () => {
    expect(plainJsonValue(Buffer.from('{"domain":"d","descriptors":[]}'))).toEqual({
      domain: 'd',
      descriptors: [],
    });
    for (const body of [
      '',
      '{"domain":',
      '\uFEFF{"domain":"d"}',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{}}}',
      '{"\\u005f_proto__":{}}',
    ]) {
      expect(plainJsonValue(Buffer.from(body))).toBeUndefined();
    }
  });
});
