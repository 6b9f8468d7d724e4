import { slugify, titleFromFilename } from './slug';
import { renderUri, unsupportedUriTokens } from './uri';

const values = { id: 42, uid: 'u-1', slug: 'team', parentUri: 'about-us', parentSlug: 'about-us' };
const top = { ...values, parentUri: null, parentSlug: null };

describe('renderUri', () => {
  it('renders {slug}, {id}, {uid} and the parent tokens', () => {
    expect(renderUri('news/{slug}', values, false)).toBe('news/team');
    expect(renderUri('items/{ id }-{uid}', values, false)).toBe('items/42-u-1');
    expect(renderUri('{parent.uri}/{slug}', values, false)).toBe('about-us/team');
    expect(renderUri('{parent.slug}/{slug}', values, false)).toBe('about-us/team');
  });

  it('collapses the empty parent at the top of a structure', () => {
    expect(renderUri('{parent.uri}/{slug}', top, false)).toBe('team');
    expect(renderUri('{slug}', top, true)).toBe('team');
  });

  it('prefixes the parent URI for structure entries whose format does not mention it', () => {
    expect(renderUri('{slug}', values, true)).toBe('about-us/team');
    expect(renderUri('{parent.uri}/{slug}', values, true)).toBe('about-us/team');
    expect(renderUri('{slug}', values, false)).toBe('team');
  });

  it('keeps __home__ and fixed URIs of singles; no format, no URI', () => {
    expect(renderUri('__home__', values, false)).toBe('__home__');
    expect(renderUri('about', values, false)).toBe('about');
    expect(renderUri('', values, false)).toBeNull();
    expect(renderUri('news/{slug}', { ...values, slug: null }, false)).toBeNull();
    expect(renderUri('{parent.uri}/{slug}', { ...values, parentUri: '__home__' }, false)).toBe(
      'team',
    );
  });

  it('names the tokens it cannot render', () => {
    expect(unsupportedUriTokens('blog/{postDate}/{slug}/{ section.handle }')).toEqual([
      'postDate',
      'section.handle',
    ]);
  });
});

describe('slugs and asset titles', () => {
  it('makes slugs the way Craft does', () => {
    expect(slugify('Hello World')).toBe('hello-world');
    expect(slugify("Bob's <b>best</b> (new) tips: 2025!")).toBe('bobs-best-new-tips-2025');
    expect(slugify('Über uns & Führung')).toBe('über-uns-führung');
    expect(slugify('v1.2_final-draft')).toBe('v1.2_final-draft');
    expect(slugify('  !!  ')).toBe('');
  });

  it('makes asset titles from filenames', () => {
    expect(titleFromFilename('team_photo-2.jpg')).toBe('Team Photo 2');
    expect(titleFromFilename('harbour.at.dusk.jpeg')).toBe('Harbour At Dusk');
    expect(titleFromFilename('README')).toBe('README');
  });
});
