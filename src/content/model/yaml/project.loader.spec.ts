import { resolve } from 'node:path';
import { loadContentModel } from './project.loader';
import { BASE_FILES, LOAD_OPTIONS, problemsOf, projectDirs } from './project.fixtures';
import { deriveUid } from './item-uid';

const DEMO_DIR = resolve(__dirname, '../../../../config/content/project');

const project = projectDirs();

describe('the demo model in config/content/project', () => {
  const { model, files } = loadContentModel(DEMO_DIR, LOAD_OPTIONS);

  it('validates, with the handles other parts rely on', () => {
    expect(files).toBeGreaterThan(1);
    expect(model.sites.map((s) => [s.handle, s.language, s.primary, s.baseUrl])).toEqual([
      ['en', 'en-US', true, 'http://localhost:8080/'],
      ['de', 'de-DE', false, 'http://localhost:8080/de/'],
    ]);
    expect(
      model.sections.map((s) => [s.handle, s.type, s.entryTypes.map((t) => t.handle)]),
    ).toEqual([
      ['news', 'channel', ['article', 'link']],
      ['pages', 'structure', ['page']],
      ['homepage', 'single', ['homepage']],
      ['about', 'single', ['about']],
    ]);
    expect(model.sections.find((s) => s.handle === 'pages')?.maxLevels).toBe(3);
    expect(model.sections.find((s) => s.handle === 'homepage')?.siteSettings).toEqual([
      { siteUid: deriveUid('site', 'en'), uriFormat: '__home__', enabledByDefault: true },
      { siteUid: deriveUid('site', 'de'), uriFormat: '__home__', enabledByDefault: true },
    ]);
    const types = Object.fromEntries(model.fields.map((f) => [f.handle, f.type]));
    expect(types).toEqual({
      summary: 'plainText',
      body: 'markdown',
      intro: 'richText',
      copyright: 'plainText',
      heroImage: 'assets',
      gallery: 'assets',
      newsCategories: 'categories',
      keywords: 'tags',
      relatedArticles: 'entries',
      reviewers: 'users',
      rating: 'number',
      featured: 'lightswitch',
      eventDate: 'date',
      accentColor: 'color',
      contactEmail: 'email',
      website: 'url',
      layout: 'dropdown',
      audiences: 'checkboxes',
      contentBlocks: 'matrix',
      specs: 'table',
    });
    const blocks = model.fields.find((f) => f.handle === 'contentBlocks')?.blockTypes;
    expect(blocks?.map((b) => [b.handle, b.fields.map((f) => `${f.handle}:${f.type}`)])).toEqual([
      ['text', ['text:richText']],
      ['quote', ['quote:plainText', 'attribution:plainText']],
      ['image', ['image:assets']],
    ]);
    expect(model.fields.find((f) => f.handle === 'specs')?.columns).toEqual([
      { key: 'col1', handle: 'label', heading: 'Label', type: 'singleline' },
      { key: 'col2', handle: 'value', heading: 'Value', type: 'number' },
    ]);
    expect(model.fields.find((f) => f.handle === 'layout')?.options).toEqual([
      { label: 'Wide', value: 'wide', default: false },
      { label: 'Narrow', value: 'narrow', default: true },
    ]);
    expect(model.fields.find((f) => f.handle === 'heroImage')).toMatchObject({
      sources: [deriveUid('volume', 'images')],
      limit: 1,
    });
    expect(model.volumes).toEqual([
      {
        uid: deriveUid('volume', 'images'),
        handle: 'images',
        name: 'Images',
        path: '/srv/volumes/images',
        baseUrl: '/volumes/images',
        fields: [],
      },
    ]);
    expect(
      model.imageTransforms.map((t) => [t.handle, t.width, t.height, t.mode, t.format]),
    ).toEqual([
      ['thumb', 200, 200, 'crop', null],
      ['hero', 1200, 600, 'crop', 'webp'],
      ['square', 300, 300, 'fit', null],
    ]);
    expect(model.globalSets.map((g) => [g.handle, g.name])).toEqual([
      ['siteInfo', 'Site information'],
    ]);
    expect(model.userGroups.map((g) => g.handle)).toEqual(['editors', 'authors']);
    expect(model.userFields).toEqual([]);
  });

  it('has one public schema without users, an editorial one with them, and a narrow partner', () => {
    const [publicSchema, editorial, partner] = model.schemas;
    expect([
      publicSchema.handle,
      publicSchema.isPublic,
      editorial.isPublic,
      partner.isPublic,
    ]).toEqual(['public', true, false, false]);
    expect(publicSchema.scope.some((c) => c.startsWith('usergroups.'))).toBe(false);
    expect(publicSchema.scope).toHaveLength(15); // 2 sites, 4 sections, 5 entry types, 4 others
    // Editorial reads what the public schema reads, and users and inactive elements too...
    expect(editorial.scope.filter((c) => c.endsWith(':read'))).toEqual(
      [...publicSchema.scope, 'usergroups.everyone:read', 'elements.inactive:read'].sort(),
    );
    // ...and edits content through mutations (a section's actions extend to its entry types).
    expect(editorial.scope).toEqual(
      expect.arrayContaining([
        `sections.${deriveUid('section', 'news')}:create`,
        `entrytypes.${deriveUid('entryType', 'news.article')}:delete`,
        `sections.${deriveUid('section', 'about')}:save`,
        `globalsets.${deriveUid('globalSet', 'siteInfo')}:edit`,
      ]),
    );
    expect(partner.scope).toEqual(
      [
        `sites.${deriveUid('site', 'en')}:read`,
        `sections.${deriveUid('section', 'news')}:read`,
        `entrytypes.${deriveUid('entryType', 'news.article')}:read`,
        `volumes.${deriveUid('volume', 'images')}:read`,
      ].sort(),
    );
  });
});

describe('validation', () => {
  it('reports every problem of several bad files at once, naming file and path', () => {
    const dir = project({
      'sites.yaml': `
sites:
  - { handle: en, name: English, language: en-US, primary: true, baseUrl: 'https://example.com' }
  - handle: de
    name: Deutsch
    language: 'not a language!'
    primary: yes
    baseUrl: example.com/de
  - { handle: en, name: Again, language: en, baseUrl: / }
`,
      'fields.yaml': `
fields:
  - { handle: summary, name: Summary, type: plaintext }
  - { handle: title, name: Title, type: plainText }
  - { handle: 9lives, name: Bad, type: number }
  - { handle: rating, name: Rating, type: number, decimals: 1.5, options: [a] }
  - handle: layout
    name: Layout
    type: dropdown
    options: [{ value: a, default: true }, { value: b, default: true }, a]
  - { handle: related, name: Related, type: entries, sources: [news, blog] }
  - handle: blocks
    name: Blocks
    type: matrix
    blockTypes:
      - { handle: text, name: Text, fields: [{ handle: inner, name: Inner, type: matrix }] }
      - { handle: text, name: Again }
  - handle: specs
    name: Specs
    type: table
    columns: [{ handle: col2 }, { handle: value, type: money }]
`,
      'nested/sections.yaml': `
sections:
  - handle: news
    name: News
    type: channel
    sites: [en, fr]
    entryTypes:
      - { handle: article, name: Article, hasTitlefield: false, fields: [summary, foo, summary] }
  - handle: about
    name: About
    type: single
    maxLevels: 2
    entryTypes: [{ handle: a, name: A }, { handle: b, name: B }]
`,
      'nested/more.yml': `
fields:
  - { handle: summary, name: Duplicate, type: plainText }
graphqlSchemas:
  - handle: one
    name: One
    public: true
    expiryDate: 2030-02-31
    scope:
      - sections.newz:read
      - entrytypes.news.article:read
      - entrytypes.article:read
      - globalsets.*:delete
      - things.x:read
      - nonsense
      - directive:transfrom
      - directive:parseRefs
  - { handle: two, name: Two, public: true, uid: not-a-uid }
sectons: []
`,
      'broken.yaml': 'sites: [\n',
      'ignored.txt': 'not: [yaml',
      '.hidden.yaml': 'not: [yaml',
    });
    expect(problemsOf(dir)).toEqual([
      'broken.yaml: line 2, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]',
      'fields.yaml: fields[0].type: unknown field type "plaintext" (did you mean "plainText"?)',
      'fields.yaml: fields[2].handle: "9lives" is not a valid handle (a letter, then letters, digits or _)',
      'fields.yaml: fields[3]: unknown key "options" (allowed: handle, name, uid, type, instructions, translatable, decimals)',
      'fields.yaml: fields[3].decimals: must be an integer from 0 to 10, got 1.5',
      'fields.yaml: fields[4].options[2]: duplicate option value "a" (also fields[4].options[0])',
      'fields.yaml: fields[4].options: a dropdown field has at most one default option',
      'fields.yaml: fields[6].blockTypes[0].fields[0].type: a matrix block type cannot hold another matrix field',
      'fields.yaml: fields[7].columns[0].handle: "col2" would clash with the key of another column',
      'fields.yaml: fields[7].columns[1].type: must be one of singleline, multiline, number, lightswitch, date, time, email, url, color, select, got "money"',
      'nested/more.yml: unknown key "sectons" (did you mean "sections"?)',
      'nested/more.yml: graphqlSchemas[0].expiryDate: must be an ISO 8601 date or date-time such as 2030-01-31 or 2030-01-31T12:00:00Z, got "2030-02-31"',
      'nested/more.yml: graphqlSchemas[1].uid: must be a UUID such as 6f1c3e0a-8f7b-4c1d-9e2a-3b4c5d6e7f80, got "not-a-uid"',
      'nested/sections.yaml: sections[0].entryTypes[0]: unknown key "hasTitlefield" (did you mean "hasTitleField"?)',
      'nested/sections.yaml: sections[1].maxLevels: only structure sections have levels',
      'nested/sections.yaml: sections[1].entryTypes: a single has exactly one entry type',
      'sites.yaml: sites[1].language: "not a language!" is not a BCP 47 language tag such as en-US',
      'sites.yaml: sites[1].primary: must be true or false, got "yes"',
      'sites.yaml: sites[1].baseUrl: must be an absolute http(s) URL or a path starting with /, got "example.com/de"',
      'sites.yaml: sites[2]: duplicate site handle "en" (first at sites.yaml: sites[0])',
      'nested/more.yml: fields[0]: duplicate field handle "summary" (first at fields.yaml: fields[0])',
      'fields.yaml: fields[1].handle: "title" is reserved (a built-in element field); choose another handle',
      'fields.yaml: fields[6].blockTypes[1]: duplicate block type handle "text" (first at fields.yaml: fields[6].blockTypes[0])',
      'nested/sections.yaml: sections[0].sites[1]: unknown site "fr"',
      'nested/sections.yaml: sections[0].entryTypes[0].fields[1]: unknown field "foo"',
      'nested/sections.yaml: sections[0].entryTypes[0].fields[2]: field "summary" is listed twice',
      'nested/more.yml: graphqlSchemas[1].public: only one GraphQL schema can be public; "one" (nested/more.yml: graphqlSchemas[0]) already is',
      'fields.yaml: fields[5].sources[1]: unknown section "blog"',
      'nested/more.yml: graphqlSchemas[0].scope[0]: unknown section "newz" (did you mean "news"?)',
      'nested/more.yml: graphqlSchemas[0].scope[2]: entry types are named <section>.<type> (or by uid), got "article"',
      'nested/more.yml: graphqlSchemas[0].scope[3]: action "delete" is not one of read, edit for globalsets',
      'nested/more.yml: graphqlSchemas[0].scope[4]: unknown scope entity "things" (known: sites, sections, entrytypes, volumes, globalsets, usergroups, categorygroups, taggroups, elements)',
      'nested/more.yml: graphqlSchemas[0].scope[5]: "nonsense" is not a scope component <entity>.<handle|uid|*>:<action>',
      'nested/more.yml: graphqlSchemas[0].scope[6]: unknown directive component "directive:transfrom" (did you mean "directive:transform"?)',
      'nested/more.yml: graphqlSchemas[0].scope[1]: grants nothing without its section: add sections.news:read',
    ]);
  });

  it('reports missing keys, wrong value types and bad references of every kind', () => {
    const dir = project({
      ...BASE_FILES,
      'more.yaml': `
sections:
  - { handle: pages, name: Pages, entryTypes: [] }
  - { handle: blog, type: structure, maxLevels: 0, propagation: some, entryTypes: [{ handle: post }] }
fields:
  - { handle: pick, name: Pick, type: radioButtons }
  - { handle: people, name: People, type: users, sources: [staff], limit: 0 }
  - { handle: things, name: Things }
  - name: No handle
    type: plainText
volumes:
  - { handle: files, name: Files, baseUrl: 'ftp://x', path: /data/files, fields: [nope] }
  - { handle: more, name: More, path: /data/files }
categoryGroups:
  - { handle: topics, name: Topics, sites: [{ site: en, uriFormat: 't/{slug}' }, { uri: x }], fields: summary }
tagGroups: { handle: keywords }
globalSets:
  - { handle: info, name: Info, fields: [summary, 42] }
userGroups:
  - { handle: everyone, name: Everyone }
userFields: [body, missing]
imageTransforms:
  - { handle: bad, name: Bad, mode: squash, position: middle, quality: 101 }
graphqlSchemas:
  - { handle: s, name: S, enabled: 1, scope: [sites.xx:read, usergroups.everyone:edit, elements.deleted:read] }
`,
    });
    expect(problemsOf(dir)).toEqual([
      'more.yaml: fields[0]: missing "options"',
      'more.yaml: fields[1].limit: must be an integer >= 1, got 0',
      'more.yaml: fields[2]: missing "type"',
      'more.yaml: fields[3]: missing "handle"',
      'more.yaml: sections[0]: missing "type" (single, channel or structure)',
      'more.yaml: sections[0].entryTypes: must not be empty: a section needs an entry type',
      'more.yaml: sections[1]: missing "name"',
      'more.yaml: sections[1].maxLevels: must be an integer >= 1, got 0',
      'more.yaml: sections[1].entryTypes[0]: missing "name"',
      'more.yaml: sections[1].propagation: must be one of all, none, got "some"',
      'more.yaml: volumes[0].baseUrl: must be an absolute http(s) URL or a path starting with /, got "ftp://x"',
      'more.yaml: categoryGroups[0].sites[1]: unknown key "uri" (allowed: site, uriFormat, enabledByDefault)',
      'more.yaml: categoryGroups[0].sites[1]: missing "site"',
      'more.yaml: categoryGroups[0].fields: must be a list, got "summary"',
      'more.yaml: tagGroups: must be a list, got {"handle":"keywords"}',
      'more.yaml: globalSets[0].fields[1]: must be a non-empty string, got 42',
      'more.yaml: userGroups[0].handle: "everyone" is reserved (the scope usergroups.everyone:read)',
      'more.yaml: imageTransforms[0]: needs a width, a height or both',
      'more.yaml: imageTransforms[0].mode: must be one of crop, fit, stretch, letterbox, got "squash"',
      'more.yaml: imageTransforms[0].position: must be one of top-left, top-center, top-right, center-left, center-center, center-right, bottom-left, bottom-center, bottom-right, got "middle"',
      'more.yaml: imageTransforms[0].quality: must be an integer from 1 to 100, got 101',
      'more.yaml: graphqlSchemas[0].enabled: must be true or false, got 1',
      'more.yaml: fields[1].sources[0]: unknown user group "staff"',
      'more.yaml: volumes[0].fields[0]: unknown field "nope"',
      'more.yaml: volumes[1]: path /data/files is also the path of volume "files"',
      'more.yaml: userFields[1]: unknown field "missing"',
      'more.yaml: graphqlSchemas[0].scope[0]: unknown site "xx"',
      'more.yaml: graphqlSchemas[0].scope[1]: action "edit" is not one of read for usergroups',
      'more.yaml: graphqlSchemas[0].scope[2]: unknown element permission "deleted" (known: inactive, drafts, revisions)',
    ]);
  });

  it('says how to write text that YAML would read as a mapping', () => {
    const dir = project({
      ...BASE_FILES,
      'z.yaml': 'categoryGroups:\n  - { handle: topics, name: Topics, uriFormat: {slug} }\n',
    });
    expect(problemsOf(dir)).toEqual([
      'z.yaml: categoryGroups[0].uriFormat: must be a string, got {"slug":null} (quote text that starts with {)',
    ]);
  });

  it("refuses reserved handles for global fields and block types' fields alike", () => {
    const dir = project({
      ...BASE_FILES,
      'z.yaml': `
fields:
  - { handle: url, name: URL, type: url }
  - handle: blocks
    name: Blocks
    type: matrix
    blockTypes: [{ handle: link, name: Link, fields: [{ handle: slug, name: Slug, type: plainText }] }]
`,
    });
    expect(problemsOf(dir)).toEqual([
      'z.yaml: fields[0].handle: "url" is reserved (a built-in element field); choose another handle',
      'z.yaml: fields[1].blockTypes[0].fields[0].handle: "slug" is reserved (a built-in element field); choose another handle',
    ]);
  });

  it("reads Craft 5's global entry types: one definition, listed by handle in each section", () => {
    const files = {
      ...BASE_FILES,
      'types.yaml': `
entryTypes:
  - { handle: page, name: Page, fields: [summary] }
sections:
  - { handle: blog, name: Blog, type: channel, entryTypes: [page, { handle: note, name: Note }] }
  - { handle: docs, name: Docs, type: structure, entryTypes: [page] }
`,
    };
    const { model } = loadContentModel(project(files), LOAD_OPTIONS);
    const types = model.sections
      .filter((s) => s.handle !== 'news')
      .map((s) => s.entryTypes.map((t) => [s.handle, t.handle, t.uid, t.shared ?? false]));
    expect(types).toEqual([
      [
        ['blog', 'page', deriveUid('entryType', 'blog.page'), true],
        ['blog', 'note', deriveUid('entryType', 'blog.note'), false],
      ],
      [['docs', 'page', deriveUid('entryType', 'docs.page'), true]],
    ]);
    const summary = model.fields.find((f) => f.handle === 'summary')?.uid;
    expect(model.sections[2].entryTypes[0].fields).toEqual([summary]);

    const typo = project({
      ...files,
      'more.yaml': `
entryTypes:
  - { handle: post, name: Post, fields: [summry] }
sections:
  - { handle: misc, name: Misc, type: channel, entryTypes: [pages] }
`,
    });
    expect(problemsOf(typo)).toEqual([
      'more.yaml: entryTypes[0].fields[0]: unknown field "summry" (did you mean "summary"?)',
      'more.yaml: sections[0].entryTypes[0]: unknown entry type "pages" (did you mean "page"?)',
    ]);
  });

  it('reserves handles per element type, as Craft does: a global set may have an email field', () => {
    const dir = project({
      ...BASE_FILES,
      'z.yaml': `
fields:
  - { handle: email, name: Email, type: email }
  - { handle: name, name: Name, type: plainText }
  - { handle: width, name: Width, type: number }
  - { handle: author, name: Author, type: plainText }
globalSets:
  - { handle: siteInfo, name: Site info, fields: [email, width, author] }
volumes:
  - { handle: docs, name: Docs, fields: [author, width] }
userFields: [name]
`,
    });
    expect(problemsOf(dir)).toEqual([
      'z.yaml: fields[1].handle: "name" is reserved (a built-in user field); choose another handle',
      'z.yaml: fields[2].handle: "width" is reserved (a built-in asset field); choose another handle',
    ]);
  });

  it('reserves the entry fields for block types, which the Craft 5 dialect serves as entries', () => {
    const dir = project({
      ...BASE_FILES,
      'z.yaml': `
fields:
  - handle: blocks
    name: Blocks
    type: matrix
    blockTypes:
      - handle: link
        name: Link
        fields:
          - { handle: email, name: Email, type: email }
          - { handle: postDate, name: Date, type: date }
`,
    });
    expect(problemsOf(dir)).toEqual([
      'z.yaml: fields[0].blockTypes[0].fields[1].handle: "postDate" is reserved (a built-in matrix block field); choose another handle',
    ]);
  });

  it("reads a volume's own allowedFileExtensions, lowercased and without dots", () => {
    const volumes = (list: string) => `
volumes:
  - { handle: docs, name: Docs, allowedFileExtensions: ${list} }
  - { handle: media, name: Media }
`;
    const { model } = loadContentModel(
      project({ ...BASE_FILES, 'assets.yaml': volumes('[PDF, .txt, pdf]') }),
      LOAD_OPTIONS,
    );
    expect(model.volumes.map((v) => [v.handle, v.allowedFileExtensions])).toEqual([
      ['docs', ['pdf', 'txt']],
      ['media', undefined],
    ]);
    // Without the key a volume's normalised form (and so the model version) is what it was.
    expect(Object.keys(model.volumes[1])).not.toContain('allowedFileExtensions');
    expect(
      problemsOf(project({ ...BASE_FILES, 'assets.yaml': volumes('[tar.gz, "", 3]') })),
    ).toEqual([
      'assets.yaml: volumes[0].allowedFileExtensions[1]: must be a non-empty string, got ""',
      'assets.yaml: volumes[0].allowedFileExtensions[2]: must be a non-empty string, got 3',
      'assets.yaml: volumes[0].allowedFileExtensions[0]: must be a file extension such as pdf (no dots or spaces), got "tar.gz"',
    ]);
  });

  it('needs exactly one primary site', () => {
    expect(problemsOf(project({ 'empty.yaml': '' }))).toEqual([
      'sites: no site is declared; at least one site (the primary one) is required',
    ]);
    const none = `sites:
  - { handle: en, name: English, language: en, baseUrl: / }
  - { handle: de, name: Deutsch, language: de, baseUrl: /de }
`;
    expect(problemsOf(project({ 'sites.yaml': none }))).toEqual([
      'sites: no site is primary; exactly one site must have "primary: true"',
    ]);
    const two = none.replace(/baseUrl/g, 'primary: true, baseUrl');
    expect(problemsOf(project({ 'sites.yaml': two }))).toEqual([
      'sites.yaml: sites[1].primary: only one site can be primary; "en" (sites.yaml: sites[0]) already is',
    ]);
  });

  it('reports a handle used twice in one kind across files, and a uid used twice', () => {
    const dir = project({
      ...BASE_FILES,
      'uids.yaml': `
sections:
  - handle: other
    name: B
    type: channel
    uid: 0a0a0a0a-0000-4000-8000-000000000001
    entryTypes: [{ handle: y, name: Y, uid: 0A0A0A0A-0000-4000-8000-000000000001 }]
`,
      'z.yaml': `
sections:
  - { handle: news, name: C, type: channel, entryTypes: [{ handle: post, name: Post }] }
`,
    });
    expect(problemsOf(dir)).toEqual([
      'z.yaml: sections[0]: duplicate section handle "news" (first at sections.yaml: sections[0])',
      'uids.yaml: sections[0].entryTypes[0]: uid 0a0a0a0a-0000-4000-8000-000000000001 is also the uid of section "other" (uids.yaml: sections[0])',
    ]);
  });

  it('reports GraphQL type names that two pairs of handles would share', () => {
    const dir = project({
      ...BASE_FILES,
      'clash.yaml': `
sections:
  - { handle: a_b, name: AB, type: channel, entryTypes: [{ handle: c, name: C }] }
  - { handle: a, name: A, type: channel, entryTypes: [{ handle: b_c, name: BC }] }
fields:
  - { handle: m, name: M, type: matrix, blockTypes: [{ handle: a_b, name: AB }] }
  - { handle: m_a, name: MA, type: matrix, blockTypes: [{ handle: b, name: B }] }
`,
    });
    expect(problemsOf(dir)).toEqual([
      'clash.yaml: sections[1].entryTypes[0]: gives the GraphQL type name a_b_c_Entry, as clash.yaml: sections[0].entryTypes[0] does',
      'clash.yaml: fields[1].blockTypes[0]: gives the GraphQL type name m_a_b_BlockType, as clash.yaml: fields[0].blockTypes[0] does',
    ]);
  });
});
