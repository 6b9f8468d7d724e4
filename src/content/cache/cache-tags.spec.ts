import { demoModel } from '../graphql/scope-grants.fixtures';
import { ElementKinds } from '../model/element-kinds';
import {
  CONTENT_TAG,
  containerTag,
  headerTags,
  OVERFLOW_TAG,
  USERS_TAG,
  writeTags,
} from './cache-tags';

const model = demoModel();

describe('cache tags', () => {
  it('names containers by kind and handle; blocks and users have none', () => {
    expect(containerTag(ElementKinds.entry, 30, model)).toBe('section-news');
    expect(containerTag(ElementKinds.asset, 40, model)).toBe('volume-images');
    expect(containerTag(ElementKinds.category, 41, model)).toBe('category-group-topics');
    expect(containerTag(ElementKinds.tag, 42, model)).toBe('tag-group-keywords');
    expect(containerTag(ElementKinds.globalSet, 43, model)).toBe('global-set-siteInfo');
    // Gone from the model (a model change purges everything anyway): by id.
    expect(containerTag(ElementKinds.entry, 999, model)).toBe('section-id999');
    expect(containerTag(ElementKinds.matrixBlock, 12, model)).toBeUndefined();
    expect(containerTag(ElementKinds.user, 1, model)).toBeUndefined();
  });

  it('a write names each element, its container and the overflow tag, once each', () => {
    expect(
      writeTags(model, [
        { id: 7, kind: ElementKinds.entry, containerId: 30 },
        { id: 8, kind: ElementKinds.entry, containerId: 30 },
        { id: 9, kind: ElementKinds.user, containerId: null },
      ]),
    ).toEqual(['element-7', 'section-news', 'element-8', 'element-9', USERS_TAG, OVERFLOW_TAG]);
  });

  it('an answer names CONTENT_TAG first, then what it read, within the byte budget', () => {
    expect(headerTags(new Set(['section-news', CONTENT_TAG, 'element-7']))).toEqual([
      CONTENT_TAG,
      'section-news',
      'element-7',
    ]);
    // "content,element-1,element-2" is 27 bytes.
    expect(headerTags(['element-1', 'element-2'], 27)).toEqual([
      CONTENT_TAG,
      'element-1',
      'element-2',
    ]);
    expect(headerTags(['element-1', 'element-2'], 26)).toEqual([CONTENT_TAG, OVERFLOW_TAG]);
  });

  it('a large list falls back within the default budget (4 KiB)', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `element-${i + 1000}`);
    expect(headerTags(many)).toEqual([CONTENT_TAG, OVERFLOW_TAG]);
    const fits = headerTags(many.slice(0, 300));
    expect(fits).toHaveLength(301);
    expect(fits.join(',').length).toBeLessThanOrEqual(4096);
  });
});
