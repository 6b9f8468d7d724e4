import { parseScopeComponent, ScopeGrants } from './scope-grants';
import { demoModel, SCHEMAS, schemaWithScope } from './scope-grants.fixtures';

const model = demoModel();

function handles(items: readonly { handle: string }[]): string[] {
  return items.map((item) => item.handle);
}

describe('parseScopeComponent', () => {
  it('splits entity, identifier and action, keeping dots inside identifiers', () => {
    expect(parseScopeComponent('sections.abc:read')).toEqual({
      entity: 'sections',
      identifier: 'abc',
      action: 'read',
    });
    expect(parseScopeComponent('entrytypes.news.article:READ')).toEqual({
      entity: 'entrytypes',
      identifier: 'news.article',
      action: 'read',
    });
    expect(parseScopeComponent('directive:transform')).toEqual({
      entity: 'directive',
      identifier: null,
      action: 'transform',
    });
    expect(parseScopeComponent('sections.abc')).toBeNull();
  });
});

describe('ScopeGrants', () => {
  it('public: every site and the listed items, no users, no inactive elements', () => {
    const grants = new ScopeGrants(SCHEMAS.public, model);
    expect(handles(grants.sites)).toEqual(['en', 'de']);
    expect(handles(grants.sections)).toEqual(['news', 'pages', 'homepage', 'about']);
    expect(handles(grants.entryTypes(model.sections.handle('news')!))).toEqual(['article', 'link']);
    expect(handles(grants.volumes)).toEqual(['images']);
    expect(handles(grants.categoryGroups)).toEqual(['topics']);
    expect(handles(grants.tagGroups)).toEqual(['keywords']);
    expect(handles(grants.globalSets)).toEqual(['siteInfo']);
    expect(grants.canQuery('user')).toBe(false);
    expect(grants.canQuery('entry')).toBe(true);
    expect(grants.inactive).toBe(false);
    expect(grants.defaultSite?.handle).toBe('en');
  });

  it('editorial: every user and inactive elements', () => {
    const grants = new ScopeGrants(SCHEMAS.editorial, model);
    expect(grants.allUsers).toBe(true);
    expect(handles(grants.userGroups)).toEqual(['editors', 'authors']);
    expect(grants.canQuery('user')).toBe(true);
    expect(grants.inactive).toBe(true);
    expect(grants.drafts).toBe(false);
  });

  it('partner: only news articles in English and the images volume', () => {
    const grants = new ScopeGrants(SCHEMAS.partner, model);
    expect(handles(grants.sites)).toEqual(['en']);
    expect(handles(grants.sections)).toEqual(['news']);
    expect(handles(grants.entryTypes(model.sections.handle('news')!))).toEqual(['article']);
    expect(grants.entryTypes(model.sections.handle('pages')!)).toEqual([]);
    for (const kind of ['category', 'tag', 'globalset', 'user'] as const) {
      expect(grants.canQuery(kind)).toBe(false);
    }
    expect(grants.canQuery('asset')).toBe(true);
  });

  it('needs the section AND the entry type (Craft 4)', () => {
    const grants = new ScopeGrants(
      schemaWithScope([
        'entrytypes.uid-entryType-news.article:read',
        'sections.uid-section-pages:read',
        'entrytypes.uid-entryType-news.link:read',
      ]),
      model,
    );
    // news: types granted but the section is not; pages: section granted, no type listed → all.
    expect(handles(grants.sections)).toEqual(['pages']);
    expect(handles(grants.entryTypes(model.sections.handle('pages')!))).toEqual(['page']);
  });

  it('accepts handles and * as identifiers, and reads every site when no site is named', () => {
    const grants = new ScopeGrants(
      schemaWithScope([
        'sections.news:read',
        'entrytypes.news.link:read',
        'volumes.*:read',
        'usergroups.editors:read',
      ]),
      model,
    );
    expect(handles(grants.sites)).toEqual(['en', 'de']);
    expect(handles(grants.sections)).toEqual(['news']);
    expect(handles(grants.entryTypes(model.sections.handle('news')!))).toEqual(['link']);
    expect(handles(grants.volumes)).toEqual(['images']);
    expect(grants.allUsers).toBe(false);
    expect(handles(grants.userGroups)).toEqual(['editors']);
    expect(grants.canQuery('user')).toBe(true);
  });

  it('reads <section>.* entry types and elements.*', () => {
    const grants = new ScopeGrants(
      schemaWithScope(['sections.news:read', 'entrytypes.news.*:read', 'elements.*:read']),
      model,
    );
    expect(handles(grants.entryTypes(model.sections.handle('news')!))).toEqual(['article', 'link']);
    expect([grants.inactive, grants.drafts, grants.revisions]).toEqual([true, true, true]);
  });

  it('takes the first readable site as default when the primary one is not readable', () => {
    const grants = new ScopeGrants(schemaWithScope(['sites.de:read', 'sections.news:read']), model);
    expect(grants.defaultSite?.handle).toBe('de');
    const none = new ScopeGrants(schemaWithScope(['sites.nowhere:read']), model);
    expect(none.sites).toEqual([]);
    expect(none.defaultSite).toBeNull();
  });

  it('answers allows() for any action, by uid or handle, with implied entry types', () => {
    const grants = new ScopeGrants(
      schemaWithScope([
        'sections.uid-section-news:save',
        'globalsets.siteInfo:edit',
        'directive:transform',
      ]),
      model,
    );
    expect(grants.allows('sections', 'news', 'save')).toBe(true);
    expect(grants.allows('sections', 'uid-section-news', 'SAVE')).toBe(true);
    expect(grants.allows('entrytypes', 'uid-entryType-news.article', 'save')).toBe(true);
    expect(grants.allows('sections', 'news', 'read')).toBe(false);
    expect(grants.allows('globalsets', 'uid-globalSet-siteInfo', 'edit')).toBe(true);
    expect(grants.allows('directive', null, 'transform')).toBe(true);
    expect(grants.allows('sections', 'pages', 'save')).toBe(false);
  });

  it('is built once per model and definition', () => {
    expect(ScopeGrants.of(SCHEMAS.public, model)).toBe(ScopeGrants.of(SCHEMAS.public, model));
    expect(ScopeGrants.of(SCHEMAS.public, demoModel())).not.toBe(
      ScopeGrants.of(SCHEMAS.public, model),
    );
  });
});
