import { InvalidRateLimitRequestError } from '../../limiter/rate-limit.model';
import { decodeJsonRequest } from './json-request.decoder';

describe('decodeJsonRequest', () => {
  // Found by json-request.decoder.property.spec.ts: the field and unit tables are plain objects,
  // and every plain object answers to these names.
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'refuses %s as an unknown field at every level',
    (name) => {
      const bodies = [
        `{"domain": "d", "${name}": 1}`,
        `{"descriptors": [{"${name}": 1}]}`,
        `{"descriptors": [{"entries": [{"key": "k", "${name}": 1}]}]}`,
        `{"descriptors": [{"limit": {"unit": "SECOND", "${name}": 1}}]}`,
      ];
      for (const body of bodies) {
        expect(() => decodeJsonRequest(JSON.parse(body))).toThrow(InvalidRateLimitRequestError);
        expect(() => decodeJsonRequest(JSON.parse(body))).toThrow(`unknown field "${name}"`);
      }
    },
  );

  it.each(['constructor', 'toString', '__proto__'])('refuses %s as a unit name', (unit) => {
    const body = { descriptors: [{ limit: { requestsPerUnit: 1, unit } }] };
    expect(() => decodeJsonRequest(body)).toThrow(
      'invalid request: descriptors[0].limit.unit: expected one of SECOND, MINUTE, HOUR, DAY, MONTH, YEAR',
    );
  });
});
