import { deriveUid, isUid } from './item-uid';

describe('deriveUid', () => {
  it('gives a version-5-shaped UUID from sha1 of kind and key, the same every time', () => {
    const uid = deriveUid('section', 'news');
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deriveUid('section', 'news')).toBe(uid);
    expect(isUid(uid)).toBe(true);
  });

  it('is a pure function of its input: a known value stays what it is', () => {
    // sha1("site:en") = 83224e1f4c7d3c288fc0c9bcf8603f0a7c...: the version nibble becomes 5.
    expect(deriveUid('site', 'en')).toBe('83224e1f-4c7d-5c28-8fc0-c9bcf8603f0a');
  });

  it('differs between kinds and keys', () => {
    const uids = new Set([
      deriveUid('section', 'news'),
      deriveUid('field', 'news'),
      deriveUid('section', 'News'),
      deriveUid('entryType', 'news.article'),
      deriveUid('blockType', 'news.article'),
    ]);
    expect(uids.size).toBe(5);
  });
});

describe('isUid', () => {
  it('accepts UUIDs in any case and rejects handles', () => {
    expect(isUid('6F1C3E0A-8F7B-4C1D-9E2A-3B4C5D6E7F80')).toBe(true);
    expect(isUid('news')).toBe(false);
    expect(isUid('6f1c3e0a8f7b4c1d9e2a3b4c5d6e7f80')).toBe(false);
  });
});
