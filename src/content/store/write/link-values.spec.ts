import { field } from './element-writer.fixtures';
import { InvalidValue } from './invalid-value';
import { linkValue } from './link-values';

const link = field('cta', 'link', {
  linkTypes: ['url', 'email', 'phone', 'sms', 'entry', 'asset'],
});

function refused(value: unknown, target = link): string {
  try {
    linkValue(target, value);
  } catch (error) {
    if (error instanceof InvalidValue) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('link values (Craft 5.3+ Link fields)', () => {
  it('reads the kind of link from a bare string', () => {
    expect(linkValue(link, ' https://example.com/x ')).toEqual({
      type: 'url',
      value: 'https://example.com/x',
    });
    expect(linkValue(link, '/about#team')).toEqual({ type: 'url', value: '/about#team' });
    expect(linkValue(link, 'MAILTO:hi@example.com')).toEqual({
      type: 'email',
      value: 'mailto:hi@example.com',
    });
    expect(linkValue(link, 'tel:+49 30 123456')).toEqual({
      type: 'phone',
      value: 'tel:+49 30 123456',
    });
    expect(linkValue(link, '{entry:12}')).toEqual({ type: 'entry', value: 12 });
    expect(linkValue(link, '{asset:7@2:url}')).toEqual({ type: 'asset', value: 7 });
    expect(linkValue(link, '')).toBeNull();
    expect(linkValue(link, null)).toBeNull();
  });

  it('keeps the attributes of an object, and adds the scheme a typed value lacks', () => {
    expect(
      linkValue(link, {
        type: 'email',
        value: 'hi@example.com',
        label: 'Write',
        target: '_blank',
        download: false,
        title: '',
      }),
    ).toEqual({ type: 'email', value: 'mailto:hi@example.com', label: 'Write', target: '_blank' });
    expect(linkValue(link, { type: 'entry', value: 3, download: true, filename: 'a.pdf' })).toEqual(
      { type: 'entry', value: 3, download: true, filename: 'a.pdf' },
    );
    expect(linkValue(link, { type: 'url', value: '' })).toBeNull();
  });

  it('refuses what is not a link of an allowed kind', () => {
    expect(refused('javascript:alert(1)')).toBe('"javascript:alert(1)" is not a valid URL');
    expect(refused('//evil.example/x')).toBe('"//evil.example/x" is not a valid URL');
    expect(refused('mailto:nobody')).toBe('"mailto:nobody" is not an email address');
    expect(refused({ type: 'entry', value: 'news/welcome' })).toBe(
      'link type "entry" needs an element id, got "news/welcome"',
    );
    expect(refused({ type: 'page', value: 'x' })).toMatch(/^unknown link type "page"/);
    expect(refused({ value: 'https://a.io', colour: 'red' })).toBe('unknown link key "colour"');
    expect(refused({ value: 'https://a.io', download: 'yes' })).toBe(
      'download: expected true or false, got "yes"',
    );
    expect(refused('{category:4}')).toBe(
      'link type "category" is not allowed here (url, email, phone, sms, entry, asset)',
    );
    // Craft's default types: entry and url.
    expect(refused('mailto:a@b.io', field('plain', 'link'))).toBe(
      'link type "email" is not allowed here (entry, url)',
    );
  });
});
