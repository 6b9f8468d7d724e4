import type { Field } from '../../model/content-model';
import { ElementWriteError, ProblemList } from './write-error';
import { field } from './element-writer.fixtures';
import { defaultFieldValue, normalizeFieldValue } from './field-values';

function stored(f: Field, value: unknown): unknown {
  const problems = new ProblemList();
  const result = normalizeFieldValue(f, value, problems);
  problems.throwIfAny();
  return result;
}

function refused(f: Field, value: unknown): string {
  try {
    stored(f, value);
  } catch (error) {
    if (error instanceof ElementWriteError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

const options = (...values: string[]) =>
  values.map((value, i) => ({ label: value.toUpperCase(), value, default: i === 1 }));

describe('field values', () => {
  it('numbers: numeric strings accepted, rounded to the decimals', () => {
    const rating = field('rating', 'number', { decimals: 1 });
    expect(stored(rating, 4.25)).toBe(4.3);
    expect(stored(rating, ' 3 ')).toBe(3);
    expect(stored(rating, '-1.5e1')).toBe(-15);
    expect(stored(rating, '')).toBeNull();
    expect(stored(field('count', 'number'), 2.6)).toBe(3);
    expect(refused(rating, '4,5')).toBe('field "rating": expected a number, got "4,5"');
    expect(refused(rating, [1])).toBe('field "rating": expected a number, got a list');
  });

  it('dates: any parseable form, stored as ISO-8601 UTC', () => {
    const when = field('when', 'date');
    expect(stored(when, '2024-05-01')).toBe('2024-05-01T00:00:00.000Z');
    expect(stored(when, new Date('2024-05-01T10:00:00+02:00'))).toBe('2024-05-01T08:00:00.000Z');
    expect(refused(when, 'tomorrow')).toBe('field "when": expected a date, got "tomorrow"');
  });

  it('options: only known values; checkboxes in option order', () => {
    const layout = field('layout', 'dropdown', { options: options('wide', 'narrow') });
    const boxes = field('boxes', 'checkboxes', { options: options('a', 'b', 'c') });
    expect(stored(layout, 'wide')).toBe('wide');
    expect(stored(layout, null)).toBeNull();
    expect(stored(boxes, ['c', 'a', 'c'])).toEqual(['a', 'c']);
    expect(stored(boxes, 'b')).toEqual(['b']);
    expect(refused(boxes, ['a', 'z'])).toBe('field "boxes": "z" is not one of a, b, c');
    expect(defaultFieldValue(layout)).toBe('narrow');
    expect(defaultFieldValue(boxes)).toEqual(['b']);
    expect(defaultFieldValue(field('flag', 'lightswitch'))).toBe(false);
    expect(defaultFieldValue(field('text', 'plainText'))).toBeUndefined();
  });

  it('email, url and color syntax', () => {
    expect(stored(field('mail', 'email'), ' a@b.io ')).toBe('a@b.io');
    expect(refused(field('mail', 'email'), 'a@b')).toBe(
      'field "mail": "a@b" is not a valid email address',
    );
    expect(stored(field('site', 'url'), 'https://example.com/x?y=1')).toBe(
      'https://example.com/x?y=1',
    );
    expect(stored(field('site', 'url'), 'mailto:a@b.io')).toBe('mailto:a@b.io');
    expect(refused(field('site', 'url'), '/relative')).toMatch(/is not a valid URL/);
    expect(stored(field('tone', 'color'), 'F0A')).toBe('#ff00aa');
    expect(stored(field('tone', 'color'), '')).toBeNull();
    expect(refused(field('tone', 'color'), '#12345')).toMatch(/is not a hex color/);
  });

  it("Craft 5's button group, time, country, money and icon fields", () => {
    const align = field('align', 'buttonGroup', { options: options('left', 'center') });
    expect(stored(align, 'left')).toBe('left');
    expect(refused(align, 'right')).toBe('field "align": "right" is not one of left, center');
    expect(defaultFieldValue(align)).toBe('center');
    const opens = field('opens', 'time');
    expect(stored(opens, '9:05')).toBe('09:05:00');
    expect(stored(opens, '23:59:30')).toBe('23:59:30');
    expect(stored(opens, '')).toBeNull();
    expect(refused(opens, '24:00')).toBe('field "opens": expected a time HH:MM, got "24:00"');
    const country = field('country', 'country');
    expect(stored(country, ' de ')).toBe('DE');
    expect(stored(country, 'XK')).toBe('XK');
    expect(stored(country, '')).toBeNull();
    for (const bad of ['ZZ', 'QQ', 'DEU', 'Germany']) {
      expect(refused(country, bad)).toBe(
        `field "country": ${JSON.stringify(bad)} is not a country code such as "DE"`,
      );
    }
    const price = field('price', 'money', { currency: 'JPY' });
    expect(stored(price, '1500.4')).toBe(1500);
    expect(stored(field('price', 'money', { currency: 'USD' }), 19.999)).toBe(20);
    expect(stored(price, '')).toBeNull();
    expect(refused(price, '$5')).toBe('field "price": expected a number, got "$5"');
    const icon = field('icon', 'icon');
    expect(stored(icon, 'circle-check')).toBe('circle-check');
    expect(refused(icon, '<svg>')).toBe(
      'field "icon": "<svg>" is not an icon name such as "circle-check"',
    );
  });

  it('tables: rows by column handle or key, typed per column, stored by key', () => {
    const specs = field('specs', 'table', {
      columns: [
        { key: 'col1', handle: 'label', heading: 'Label', type: 'singleline' },
        { key: 'col2', handle: 'value', heading: 'Value', type: 'number' },
        { key: 'col3', handle: 'on', heading: 'On', type: 'lightswitch' },
        { key: 'col4', handle: 'at', heading: 'At', type: 'time' },
      ],
    });
    expect(
      stored(specs, [{ label: 'A', value: '1.5', on: true, at: '9:05' }, { col1: 'B' }]),
    ).toEqual([
      { col1: 'A', col2: 1.5, col3: true, col4: '09:05:00' },
      { col1: 'B', col2: null, col3: null, col4: null },
    ]);
    expect(refused(specs, [{ label: 'A', extra: 1 }])).toBe(
      'field "specs": row 1: unknown column "extra" (columns: label, value, on, at)',
    );
    expect(refused(specs, { label: 'A' })).toBe(
      'field "specs": expected a list of rows, got an object',
    );
  });

  it('text and lightswitch types are strict', () => {
    expect(refused(field('title2', 'plainText'), 5)).toBe('field "title2": expected text, got 5');
    expect(stored(field('flag', 'lightswitch'), null)).toBe(false);
    expect(refused(field('flag', 'lightswitch'), 'true')).toBe(
      'field "flag": expected true or false, got "true"',
    );
  });
});
