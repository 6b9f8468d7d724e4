import { ALLOWED_HEADERS, corsHeaders } from './cors-headers';

const always = {
  'access-control-allow-credentials': 'true',
  'access-control-allow-headers': ALLOWED_HEADERS,
};

describe('corsHeaders', () => {
  it('allows every origin when no list is set', () => {
    expect(corsHeaders(null, undefined)).toEqual({ ...always, 'access-control-allow-origin': '*' });
    expect(corsHeaders(null, 'https://a.example')).toEqual({
      ...always,
      'access-control-allow-origin': '*',
    });
  });

  it('echoes a listed origin only, the first listed part of a comma list', () => {
    const list = ['https://a.example', 'https://b.example'];
    expect(corsHeaders(list, 'https://b.example')).toEqual({
      ...always,
      vary: 'Origin',
      'access-control-allow-origin': 'https://b.example',
    });
    expect(
      corsHeaders(list, 'https://evil.example , https://a.example, https://b.example'),
    ).toEqual({
      ...always,
      vary: 'Origin',
      'access-control-allow-origin': 'https://a.example',
    });
    expect(corsHeaders(list, 'https://evil.example')).toEqual({ ...always, vary: 'Origin' });
    expect(corsHeaders(list, undefined)).toEqual({ ...always, vary: 'Origin' });
  });

  it('never sends an origin when the setting is false', () => {
    expect(corsHeaders(false, 'https://a.example')).toEqual(always);
  });

  it('lists the headers of Craft 4', () => {
    expect(ALLOWED_HEADERS).toBe(
      'Authorization, Content-Type, X-Craft-Authorization, X-Craft-Token',
    );
  });
});
