import { ModelProblems } from './yaml/problems';
import { normaliseScope, type ScopeCatalog } from './scope-normaliser';

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const CATALOG: ScopeCatalog = {
  sites: [
    { handle: 'en', uid: uid(1) },
    { handle: 'de', uid: uid(2) },
  ],
  sections: [
    {
      handle: 'news',
      uid: uid(10),
      entryTypes: [
        { handle: 'article', uid: uid(11) },
        { handle: 'link', uid: uid(12) },
      ],
    },
    { handle: 'pages', uid: uid(20), entryTypes: [{ handle: 'page', uid: uid(21) }] },
  ],
  volumes: [{ handle: 'images', uid: uid(30) }],
  globalSets: [{ handle: 'siteInfo', uid: uid(40) }],
  userGroups: [{ handle: 'editors', uid: uid(50) }],
  categoryGroups: [{ handle: 'topics', uid: uid(60) }],
  tagGroups: [{ handle: 'keywords', uid: uid(70) }],
};

function normalise(components: string[]): { scope: string[]; problems: readonly string[] } {
  const problems = new ModelProblems();
  const scope = normaliseScope(
    components.map((value, index) => ({
      value,
      where: { file: 's.yaml', path: `scope[${index}]` },
    })),
    CATALOG,
    problems,
  );
  return { scope, problems: problems.messages };
}

describe('normaliseScope', () => {
  it('turns handles into uids, sorted and without duplicates', () => {
    expect(
      normalise([
        'sites.en:read',
        'volumes.images:read',
        'globalsets.siteInfo:read',
        'usergroups.editors:read',
        'categorygroups.topics:read',
        'taggroups.keywords:read',
        'volumes.images:read',
      ]),
    ).toEqual({
      scope: [
        `categorygroups.${uid(60)}:read`,
        `globalsets.${uid(40)}:read`,
        `sites.${uid(1)}:read`,
        `taggroups.${uid(70)}:read`,
        `usergroups.${uid(50)}:read`,
        `volumes.${uid(30)}:read`,
      ],
      problems: [],
    });
  });

  it('accepts uids in any case and keeps everyone and the element permissions by name', () => {
    expect(
      normalise([
        `Sections.${uid(20).toUpperCase()}:READ`,
        'usergroups.everyone:read',
        'elements.inactive:read',
        'elements.drafts:read',
        'sites.de:read',
      ]).scope,
    ).toEqual([
      'elements.drafts:read',
      'elements.inactive:read',
      `entrytypes.${uid(21)}:read`,
      `sections.${uid(20)}:read`,
      `sites.${uid(2)}:read`,
      'usergroups.everyone:read',
    ]);
  });

  it('grants every entry type of a section that lists none of them, per action', () => {
    expect(normalise(['sites.en:read', 'sections.news:read', 'sections.news:save']).scope).toEqual([
      `entrytypes.${uid(11)}:read`,
      `entrytypes.${uid(11)}:save`,
      `entrytypes.${uid(12)}:read`,
      `entrytypes.${uid(12)}:save`,
      `sections.${uid(10)}:read`,
      `sections.${uid(10)}:save`,
      `sites.${uid(1)}:read`,
    ]);
  });

  it('grants only the entry types listed when some are', () => {
    expect(
      normalise(['sites.en:read', 'sections.news:read', 'entrytypes.news.article:read']).scope,
    ).toEqual([`entrytypes.${uid(11)}:read`, `sections.${uid(10)}:read`, `sites.${uid(1)}:read`]);
    expect(
      normalise(['sites.en:read', 'sections.news:read', `entrytypes.${uid(12)}:read`]).scope,
    ).toEqual([`entrytypes.${uid(12)}:read`, `sections.${uid(10)}:read`, `sites.${uid(1)}:read`]);
  });

  it('reads every site when no site is named', () => {
    expect(normalise(['volumes.images:read']).scope).toEqual([
      `sites.${uid(1)}:read`,
      `sites.${uid(2)}:read`,
      `volumes.${uid(30)}:read`,
    ]);
  });

  it('expands * to every item of the kind', () => {
    expect(normalise(['sites.*:read', 'sections.*:read', 'entrytypes.*:read']).scope).toEqual([
      `entrytypes.${uid(11)}:read`,
      `entrytypes.${uid(12)}:read`,
      `entrytypes.${uid(21)}:read`,
      `sections.${uid(10)}:read`,
      `sections.${uid(20)}:read`,
      `sites.${uid(1)}:read`,
      `sites.${uid(2)}:read`,
    ]);
    // A wildcard over entry types is not a promise about their sections: no complaint.
    expect(normalise(['sections.news:read', 'entrytypes.*:read', 'elements.*:read'])).toEqual({
      scope: [
        'elements.drafts:read',
        'elements.inactive:read',
        'elements.revisions:read',
        `entrytypes.${uid(11)}:read`,
        `entrytypes.${uid(12)}:read`,
        `entrytypes.${uid(21)}:read`,
        `sections.${uid(10)}:read`,
        `sites.${uid(1)}:read`,
        `sites.${uid(2)}:read`,
      ],
      problems: [],
    });
    expect(
      normalise(['sites.en:read', 'sections.news:read', 'entrytypes.news.*:read']).scope,
    ).toEqual([
      `entrytypes.${uid(11)}:read`,
      `entrytypes.${uid(12)}:read`,
      `sections.${uid(10)}:read`,
      `sites.${uid(1)}:read`,
    ]);
  });

  it('reports what it cannot resolve, and an entry type readable without its section', () => {
    expect(
      normalise([
        'sections.newz:read',
        `volumes.${uid(99)}:read`,
        'entrytypes.news.post:read',
        'entrytypes.blog.post:read',
        'entrytypes.pages.page:read',
        'sites.en:write',
        'directive:transfrom',
        'directive:markdown',
      ]).problems,
    ).toEqual([
      's.yaml: scope[0]: unknown section "newz" (did you mean "news"?)',
      `s.yaml: scope[1]: no volume has the uid "${uid(99)}"`,
      's.yaml: scope[2]: section "news" has no entry type "post"',
      's.yaml: scope[3]: unknown section "blog"',
      's.yaml: scope[5]: action "write" is not one of read for sites',
      's.yaml: scope[6]: unknown directive component "directive:transfrom" (did you mean "directive:transform"?)',
      's.yaml: scope[7]: unknown directive component "directive:markdown" (known: directive:transform, directive:parseRefs)',
      's.yaml: scope[4]: grants nothing without its section: add sections.pages:read',
    ]);
  });

  it('keeps Craft 5.9 directive components in Craft’s spelling, names matched without case', () => {
    expect(
      normalise(['directive:transform', 'sections.pages:read', 'DIRECTIVE:PARSEREFS']),
    ).toEqual({
      scope: [
        'directive:parseRefs',
        'directive:transform',
        `entrytypes.${uid(21)}:read`,
        `sections.${uid(20)}:read`,
        `sites.${uid(1)}:read`,
        `sites.${uid(2)}:read`,
      ],
      problems: [],
    });
  });
});
