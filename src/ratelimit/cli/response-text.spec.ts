import { responseText } from './response-text';
import { loadShouldRateLimitMethod } from './rls-client';

/**
 * Every case goes through the wire: serialized with the project's protos and decoded with the
 * client's loader options, so the shapes responseText reads are the ones a real call yields.
 */
const method = loadShouldRateLimitMethod();
const viaWire = (response: object): string =>
  responseText(method.responseDeserialize(method.responseSerialize(response)));

describe('responseText (compact protobuf text format)', () => {
  it('prints a decision like Go response.String()', () => {
    expect(
      viaWire({
        overall_code: 'OVER_LIMIT',
        statuses: [
          {
            code: 'OK',
            current_limit: { requests_per_unit: 20, unit: 'MINUTE' },
            limit_remaining: 19,
            duration_until_reset: { seconds: 43 },
          },
          {
            code: 'OVER_LIMIT',
            current_limit: { name: 'login', requests_per_unit: 5, unit: 'HOUR' },
            duration_until_reset: { seconds: 3600 },
          },
        ],
      }),
    ).toBe(
      'overall_code:OVER_LIMIT ' +
        'statuses:{code:OK current_limit:{requests_per_unit:20 unit:MINUTE} limit_remaining:19 duration_until_reset:{seconds:43}} ' +
        'statuses:{code:OVER_LIMIT current_limit:{name:"login" requests_per_unit:5 unit:HOUR} duration_until_reset:{seconds:3600}}',
    );
  });

  it('leaves out zero scalars sent on the wire but keeps present empty messages', () => {
    expect(
      viaWire({
        overall_code: 'OK',
        statuses: [
          { code: 'UNKNOWN', limit_remaining: 0, duration_until_reset: { seconds: 0, nanos: 0 } },
          { code: 'OK', current_limit: {} },
        ],
      }),
    ).toBe(
      'overall_code:OK statuses:{duration_until_reset:{}} statuses:{code:OK current_limit:{}}',
    );
  });

  it('prints an empty response as nothing', () => {
    expect(viaWire({})).toBe('');
  });

  it('prints headers, quota and raw body', () => {
    expect(
      viaWire({
        overall_code: 'OK',
        response_headers_to_add: [{ key: 'RateLimit-Limit', value: '10' }],
        request_headers_to_add: [{ key: 'x-raw', raw_value: Buffer.from([0x61, 0x00, 0xff]) }],
        raw_body: Buffer.from('a"b\\c\n'),
        quota: { requests: 3, valid_until: { seconds: 1700000000, nanos: 5 }, id: 'q1' },
      }),
    ).toBe(
      'overall_code:OK response_headers_to_add:{key:"RateLimit-Limit" value:"10"} ' +
        'request_headers_to_add:{key:"x-raw" raw_value:"a\\x00\\xff"} raw_body:"a\\"b\\\\c\\n" ' +
        'quota:{requests:3 valid_until:{seconds:1700000000 nanos:5} id:"q1"}',
    );
  });

  it('prints dynamic metadata as map entries with sorted keys and set oneof members even when zero', () => {
    expect(
      viaWire({
        dynamic_metadata: {
          fields: {
            b: { numberValue: 0 },
            a: { stringValue: 'x' },
            c: { nullValue: 'NULL_VALUE' },
            d: {
              listValue: { values: [{ boolValue: false }, { numberValue: 1e21 }] },
            },
            e: { structValue: { fields: { n: { numberValue: 0.5 } } } },
          },
        },
      }),
    ).toBe(
      'dynamic_metadata:{' +
        'fields:{key:"a" value:{string_value:"x"}} ' +
        'fields:{key:"b" value:{number_value:0}} ' +
        'fields:{key:"c" value:{null_value:NULL_VALUE}} ' +
        'fields:{key:"d" value:{list_value:{values:{bool_value:false} values:{number_value:1e+21}}}} ' +
        'fields:{key:"e" value:{struct_value:{fields:{key:"n" value:{number_value:0.5}}}}}}',
    );
  });

  it('formats doubles like Go %g and escapes strings like the Go text format', () => {
    const metadata = (value: object) => viaWire({ dynamic_metadata: { fields: { k: value } } });
    expect(metadata({ numberValue: 1234567 })).toContain('number_value:1.234567e+06');
    expect(metadata({ numberValue: 123456 })).toContain('number_value:123456');
    expect(metadata({ numberValue: 0.00001 })).toContain('number_value:1e-05');
    expect(metadata({ numberValue: -Infinity })).toContain('number_value:-inf');
    expect(metadata({ stringValue: 'tab\there\u0001é' })).toContain(
      'string_value:"tab\\there\\x01é"',
    );
  });

  it('prints an enum number the protos do not know as a number', () => {
    expect(viaWire({ overall_code: 7 })).toBe('overall_code:7');
  });
});
