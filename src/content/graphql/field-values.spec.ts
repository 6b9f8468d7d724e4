import { customFieldValue, elementStatus, elementUrl, FieldValues } from './field-values';
import { element } from './request-loaders.recording-reader.fixtures';
import { demoModel, FIELDS } from './scope-grants.fixtures';

const model = demoModel();
const values = new FieldValues(model);
const en = model.sites.handle('en');
const de = model.sites.handle('de');

describe('customFieldValue', () => {
  it('numbers: numbers, numeric strings, empty → null', () => {
    expect(customFieldValue(FIELDS.rating, 4.5)).toBe(4.5);
    expect(customFieldValue(FIELDS.rating, 4)).toBe(4);
    expect(customFieldValue(FIELDS.rating, '3.25')).toBe(3.25);
    expect(customFieldValue(FIELDS.rating, '')).toBeNull();
    expect(customFieldValue(FIELDS.rating, null)).toBeNull();
    expect(customFieldValue(FIELDS.rating, 'abc')).toBeNull();
  });

  it('lightswitches are booleans, unset is false', () => {
    expect(customFieldValue(FIELDS.featured, true)).toBe(true);
    expect(customFieldValue(FIELDS.featured, '1')).toBe(true);
    expect(customFieldValue(FIELDS.featured, null)).toBe(false);
    expect(customFieldValue(FIELDS.featured, undefined)).toBe(false);
  });

  it('dates are Date objects, unreadable ones null', () => {
    expect(customFieldValue(FIELDS.eventDate, '2024-05-01T18:00:00Z')).toEqual(
      new Date('2024-05-01T18:00:00Z'),
    );
    expect(customFieldValue(FIELDS.eventDate, 'soon')).toBeNull();
    expect(customFieldValue(FIELDS.eventDate, null)).toBeNull();
  });

  it('dropdowns give the value, or the option label with label: true', () => {
    expect(customFieldValue(FIELDS.layout, 'wide')).toBe('wide');
    expect(customFieldValue(FIELDS.layout, 'wide', true)).toBe('Wide');
    expect(customFieldValue(FIELDS.layout, 'gone', true)).toBeNull();
    expect(customFieldValue(FIELDS.layout, null, true)).toBeNull();
  });

  it('checkboxes give lists of values or labels', () => {
    expect(customFieldValue(FIELDS.audiences, ['developers', 'designers'])).toEqual([
      'developers',
      'designers',
    ]);
    expect(customFieldValue(FIELDS.audiences, ['developers', 'designers'], true)).toEqual([
      'Developers',
      'Designers',
    ]);
    expect(customFieldValue(FIELDS.audiences, null)).toEqual([]);
    expect(customFieldValue(FIELDS.audiences, 'editors')).toEqual(['editors']);
  });

  it('table rows carry every column by key and by handle, typed', () => {
    expect(
      customFieldValue(FIELDS.specs, [
        { col1: 'Weight', col2: '12.5' },
        { label: 'Height', value: 3 },
        { col1: 'Empty' },
      ]),
    ).toEqual([
      { col1: 'Weight', label: 'Weight', col2: 12.5, value: 12.5 },
      { col1: 'Height', label: 'Height', col2: 3, value: 3 },
      { col1: 'Empty', label: 'Empty', col2: null, value: null },
    ]);
    expect(customFieldValue(FIELDS.specs, null)).toEqual([]);
  });

  it('text fields are strings or null', () => {
    expect(customFieldValue(FIELDS.summary, 'Hello')).toBe('Hello');
    expect(customFieldValue(FIELDS.summary, null)).toBeNull();
    expect(customFieldValue(FIELDS.accentColor, '#ff0000')).toBe('#ff0000');
    expect(customFieldValue(FIELDS.heroImage, [1, 2])).toBeNull();
  });
});

describe('element values', () => {
  it('url: site base URL + uri, home is the base URL, no uri no URL', () => {
    expect(elementUrl('news/hello', en)).toBe('http://localhost:8080/news/hello');
    expect(elementUrl('news/hello', de)).toBe('http://localhost:8080/de/news/hello');
    expect(elementUrl('__home__', de)).toBe('http://localhost:8080/de/');
    expect(elementUrl(null, en)).toBeNull();
    expect(elementUrl('about', { ...en!, baseUrl: '/site' })).toBe('/site/about');
    expect(values.url(element(1, 'entry', 2, { uri: 'about' }))).toBe(
      'http://localhost:8080/de/about',
    );
  });

  it('site handle and language come from the element site', () => {
    const entry = element(1, 'entry', 2);
    expect(values.siteHandle(entry)).toBe('de');
    expect(values.language(entry)).toBe('de-DE');
  });

  it('custom fields read the element by field handle, with the label argument', () => {
    const entry = element(1, 'entry', 1, { fields: { layout: 'narrow' } });
    expect(values.customField(entry, FIELDS.layout, {})).toBe('narrow');
    expect(values.customField(entry, FIELDS.layout, { label: true })).toBe('Narrow');
  });

  it('user names: friendlyName = first name or username, name = full name or username', () => {
    const user = (firstName: string | null, fullName: string) =>
      element(7, 'user', 1, {
        user: {
          identityUserId: 3,
          username: 'ada',
          email: 'ada@example.com',
          fullName,
          firstName,
          lastName: null,
          groupIds: [],
          photoId: null,
          preferences: { language: 'de' },
          suspended: false,
        },
      });
    expect(values.friendlyName(user('Ada', 'Ada Lovelace'))).toBe('Ada');
    expect(values.name(user('Ada', 'Ada Lovelace'))).toBe('Ada Lovelace');
    expect(values.friendlyName(user(null, ''))).toBe('ada');
    expect(values.name(user(null, ''))).toBe('ada');
    expect(values.preferences(user(null, ''))).toBe('{"language":"de"}');
    expect(values.preferredLanguage(user(null, ''))).toBe('de');
    expect(values.friendlyName(element(1, 'entry', 1))).toBeNull();
  });

  it('status: archived wins; searchScore is whole', () => {
    expect(elementStatus(element(1, 'entry', 1, { status: 'live', archived: true }))).toBe(
      'archived',
    );
    expect(elementStatus(element(1, 'entry', 1, { status: 'pending' }))).toBe('pending');
    expect(values.searchScore(element(1, 'entry', 1, { searchScore: 41.6 }))).toBe(42);
    expect(values.searchScore(element(1, 'entry', 1))).toBeNull();
  });
});
