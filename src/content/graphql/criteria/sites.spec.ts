import { builder } from './criteria-builder.fixtures';
import { SCHEMAS, schemaWithScope } from '../scope-grants.fixtures';

describe('CriteriaBuilder: sites', () => {
  it('site, siteId, *, not and language', async () => {
    const { criteria } = builder();
    const sites = async (args: Record<string, unknown>) =>
      (await criteria.build('entry', args))?.siteIds ?? null;
    expect(await sites({ site: ['*'] })).toEqual([1, 2]);
    expect(await sites({ site: ['not', 'en'] })).toEqual([2]);
    expect(await sites({ site: ['de', 'en'] })).toEqual([2, 1]);
    expect(await sites({ siteId: ['2'] })).toEqual([2]);
    expect(await sites({ siteId: ['*'] })).toEqual([1, 2]);
    expect(await sites({ site: ['en'], siteId: [2] })).toBeNull();
    expect(await sites({ site: ['fr'] })).toBeNull();
    expect(await sites({ site: ['*'], language: ['de-DE'] })).toEqual([2]);
    // Alone, `language` picks the readable sites of that language (Craft's `language()`).
    expect(await sites({ language: ['de-DE'] })).toEqual([2]);
    expect(await sites({ language: ['fr-FR'] })).toBeNull();
    expect(await sites({ site: ['en'], language: ['de-DE'] })).toBeNull();
  });

  it('relation fields default to the source site; preferSites resolves handles', async () => {
    const { criteria } = builder();
    expect(await criteria.build('asset', {}, { defaultSiteIds: [2] })).toMatchObject({
      siteIds: [2],
    });
    expect(
      await criteria.build('entry', { site: ['*'], unique: true, preferSites: ['de', 'en'] }),
    ).toMatchObject({ siteIds: [1, 2], unique: true, preferSites: [2, 1] });
    const partner = builder(SCHEMAS.partner).criteria;
    expect(await partner.build('asset', {}, { defaultSiteIds: [2] })).toBeNull();
  });

  it('finds nothing when no site is readable', async () => {
    const { criteria } = builder(schemaWithScope(['sites.nowhere:read', 'sections.news:read']));
    expect(await criteria.build('entry', {})).toBeNull();
  });
});
