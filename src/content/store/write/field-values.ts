import type { Field, TableColumn, TableColumnType } from '../../model/content-model';
import type { ProblemList } from './write-error';
import { describe, InvalidValue } from './invalid-value';
import { linkValue } from './link-values';
import { jsonValue } from './json-values';
import { currencyDigits } from '../../directives/money';

/**
 * Custom field values as stored in `content_element_sites.fields` (jsonb, keyed by field handle):
 * text, markdown, rich text, email, url, color, dropdown and radio values as strings; numbers as
 * JSON numbers rounded to the field's decimals; lightswitches as booleans; dates as ISO-8601 UTC
 * strings; checkboxes / multi-select as lists of option values in option order; tables as lists of
 * rows keyed by column key (`col1`...). Relation and matrix fields are not stored here.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const URL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/** Font Awesome's icon names, which Craft's Icon field stores. */
const ICON = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  throw new InvalidValue(`expected text, got ${describe(value)}`);
}

/** Empty strings clear optional single-line values (Craft stores nothing for an empty input). */
function optionalText(value: unknown): string | null {
  const result = text(value).trim();
  return result === '' ? null : result;
}

function numberValue(value: unknown, decimals: number): number {
  let parsed: number;
  if (typeof value === 'number') parsed = value;
  else if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value)) {
    parsed = Number(value);
  } else throw new InvalidValue(`expected a number, got ${describe(value)}`);
  if (!Number.isFinite(parsed)) throw new InvalidValue(`expected a finite number, got ${value}`);
  // Craft keeps the declared precision (a decimal column); `toFixed` rounds half away from zero.
  return Number(parsed.toFixed(Math.max(0, Math.min(decimals, 20))));
}

/** Digits after the point of a step (0.25 → 2), so values keep the step's precision. */
function stepDigits(step: number): number {
  const text = String(step);
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

/**
 * A Range field's value (Craft 5.5): a number from `min` to `max`, as Craft validates it, kept
 * with the step's precision (Craft's slider gives multiples of the step; typed values are not
 * snapped, nor are they in Craft).
 */
export function rangeValue(field: Field, value: unknown): number {
  const { min, max, step } = field.range ?? { min: 0, max: 100, step: 1 };
  const number = numberValue(value, stepDigits(step));
  if (number < min || number > max) {
    throw new InvalidValue(`${number} is outside the range ${min} to ${max}`);
  }
  return number;
}

function booleanValue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw new InvalidValue(`expected true or false, got ${describe(value)}`);
}

/** ISO-8601 in UTC; accepts Dates and any string `Date.parse` understands. */
export function dateValue(value: unknown): string {
  const date =
    value instanceof Date ? value : typeof value === 'string' ? new Date(value.trim()) : null;
  if (date === null || Number.isNaN(date.getTime())) {
    throw new InvalidValue(`expected a date, got ${describe(value)}`);
  }
  return date.toISOString();
}

function timeValue(value: unknown): string {
  const match = TIME.exec(text(value).trim());
  if (match === null) throw new InvalidValue(`expected a time HH:MM, got ${describe(value)}`);
  return `${match[1].padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`;
}

function emailValue(value: unknown): string | null {
  const email = optionalText(value);
  if (email !== null && !EMAIL.test(email)) {
    throw new InvalidValue(`${JSON.stringify(email)} is not a valid email address`);
  }
  return email;
}

function urlValue(value: unknown): string | null {
  const url = optionalText(value);
  if (url === null) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (parsed === null || !URL_SCHEMES.has(parsed.protocol)) {
    throw new InvalidValue(
      `${JSON.stringify(url)} is not a valid URL (http, https, mailto or tel)`,
    );
  }
  return url;
}

/** `#rrggbb` in lower case, like Craft's color field; `#abc` is expanded. */
function colorValue(value: unknown): string | null {
  const color = optionalText(value);
  if (color === null) return null;
  const match = COLOR.exec(color);
  if (match === null) {
    throw new InvalidValue(`${JSON.stringify(color)} is not a hex color such as #ff0000`);
  }
  const hex = match[1].toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** An ISO 3166-1 alpha-2 code (any case; stored upper case) that names a region. */
function countryValue(value: unknown): string | null {
  const code = optionalText(value)?.toUpperCase() ?? null;
  if (code === null) return null;
  const name = /^[A-Z]{2}$/.test(code) ? REGIONS.of(code) : code;
  if (name === code || name === 'Unknown Region') {
    throw new InvalidValue(`${JSON.stringify(value)} is not a country code such as "DE"`);
  }
  return code;
}

function iconValue(value: unknown): string | null {
  const icon = optionalText(value);
  if (icon !== null && !ICON.test(icon)) {
    throw new InvalidValue(`${JSON.stringify(icon)} is not an icon name such as "circle-check"`);
  }
  return icon;
}

function optionValue(field: Field, value: unknown): string | null {
  if (value === null) return null;
  const given = typeof value === 'number' ? String(value) : text(value);
  if (!field.options.some((option) => option.value === given)) {
    throw new InvalidValue(
      `${JSON.stringify(given)} is not one of ${field.options.map((o) => o.value).join(', ')}`,
    );
  }
  return given;
}

function optionValues(field: Field, value: unknown): string[] {
  if (value === null) return [];
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  const chosen = new Set(list.map((item) => optionValue(field, item)));
  return field.options.map((option) => option.value).filter((v) => chosen.has(v));
}

function cellValue(type: TableColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'singleline':
    case 'multiline':
    case 'select':
      return typeof value === 'number' ? String(value) : text(value);
    case 'number':
      return value === '' ? null : numberValue(value, 20);
    case 'lightswitch':
      return booleanValue(value);
    case 'date':
      return dateValue(value);
    case 'time':
      return timeValue(value);
    case 'email':
      return emailValue(value);
    case 'url':
      return urlValue(value);
    case 'color':
      return colorValue(value);
  }
}

function tableRows(columns: readonly TableColumn[], value: unknown): Record<string, unknown>[] {
  if (value === null) return [];
  if (!Array.isArray(value)) {
    throw new InvalidValue(`expected a list of rows, got ${describe(value)}`);
  }
  return (value as unknown[]).map((row, index) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw new InvalidValue(`row ${index + 1}: expected an object, got ${describe(row)}`);
    }
    const given = row as Record<string, unknown>;
    const known = new Set(columns.flatMap((c) => [c.handle, c.key]));
    const unknown = Object.keys(given).filter((k) => !known.has(k));
    if (unknown.length > 0) {
      throw new InvalidValue(
        `row ${index + 1}: unknown column ${unknown.map((k) => JSON.stringify(k)).join(', ')} (columns: ${columns.map((c) => c.handle).join(', ')})`,
      );
    }
    const stored: Record<string, unknown> = {};
    for (const column of columns) {
      try {
        stored[column.key] = cellValue(column.type, given[column.handle] ?? given[column.key]);
      } catch (error) {
        if (!(error instanceof InvalidValue)) throw error;
        throw new InvalidValue(`row ${index + 1}, column "${column.handle}": ${error.message}`);
      }
    }
    return stored;
  });
}

function normalize(field: Field, value: unknown): unknown {
  switch (field.type) {
    case 'plainText':
    case 'markdown':
    case 'richText':
      return value === null ? null : text(value);
    case 'number':
      return value === null || value === '' ? null : numberValue(value, field.decimals);
    case 'money':
      return value === null || value === ''
        ? null
        : numberValue(value, currencyDigits(field.currency ?? 'USD'));
    case 'range':
      return value === null || value === '' ? null : rangeValue(field, value);
    case 'json':
      return value === null || value === '' ? null : jsonValue(value);
    case 'lightswitch':
      return value === null ? false : booleanValue(value);
    case 'date':
      return value === null || value === '' ? null : dateValue(value);
    case 'dropdown':
    case 'radioButtons':
    case 'buttonGroup':
      return optionValue(field, value);
    case 'time':
      return value === null || value === '' ? null : timeValue(value);
    case 'country':
      return value === null ? null : countryValue(value);
    case 'icon':
      return value === null ? null : iconValue(value);
    case 'link':
      return linkValue(field, value);
    case 'checkboxes':
    case 'multiSelect':
      return optionValues(field, value);
    case 'email':
      return value === null ? null : emailValue(value);
    case 'url':
      return value === null ? null : urlValue(value);
    case 'color':
      return value === null ? null : colorValue(value);
    case 'table':
      return tableRows(field.columns, value);
    case 'entries':
    case 'assets':
    case 'categories':
    case 'tags':
    case 'users':
    case 'matrix':
    case 'addresses':
    case 'contentBlock':
      throw new Error(`field type ${field.type} is not stored in the fields column`);
  }
}

/**
 * The stored form of one value, or undefined after adding a problem that names the field.
 * `label` says where the value came from (`field "rating"`, `site de: field "summary"`).
 */
export function normalizeFieldValue(
  field: Field,
  value: unknown,
  problems: ProblemList,
  label = `field "${field.handle}"`,
): unknown {
  try {
    return normalize(field, value);
  } catch (error) {
    if (!(error instanceof InvalidValue)) throw error;
    problems.add(`${label}: ${error.message}`);
    return undefined;
  }
}

/** Values a new element gets for fields it was not given (Craft's field defaults). */
export function defaultFieldValue(field: Field): unknown {
  switch (field.type) {
    case 'lightswitch':
      return false;
    case 'dropdown':
    case 'radioButtons':
    case 'buttonGroup':
      return field.options.find((option) => option.default)?.value;
    case 'checkboxes':
    case 'multiSelect':
      return field.options.filter((option) => option.default).map((option) => option.value);
    case 'plainText':
    case 'number':
    case 'money':
    case 'date':
    case 'time':
    case 'email':
    case 'url':
    case 'color':
    case 'country':
    case 'icon':
    case 'link':
    case 'markdown':
    case 'richText':
    case 'entries':
    case 'assets':
    case 'categories':
    case 'tags':
    case 'users':
    case 'matrix':
    case 'addresses':
    case 'contentBlock':
    case 'table':
    case 'range':
    case 'json':
      return undefined;
  }
}
