import type { Field, FieldOption, Site, TableColumn } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';
import type { ElementRecord } from '../store/element-record';
import type { ElementValues, GraphqlArgs } from './graphql-request-context';
import { MoneyValue } from '../directives/money';

/** A finite number from a number or numeric string; null for empty and anything else. */
function toNumberValue(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const number = Number(raw);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

function toBooleanValue(raw: unknown): boolean {
  if (typeof raw === 'string') return raw === '1' || raw.toLowerCase() === 'true';
  return raw === true || raw === 1;
}

/** Dates are stored as ISO strings (or epoch milliseconds); anything unreadable is null. */
function toDateValue(raw: unknown): Date | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const date = new Date(raw);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (typeof raw === 'number' && Number.isFinite(raw)) return new Date(raw);
  return null;
}

function toTextValue(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return null;
}

function optionLabel(options: readonly FieldOption[], value: string): string | null {
  return options.find((option) => option.value === value)?.label ?? null;
}

/** Checkbox / multi-select values: a list (or one value) of option values. */
function selectedValues(raw: unknown): string[] {
  const values = Array.isArray(raw)
    ? (raw as unknown[])
    : raw === null || raw === undefined
      ? []
      : [raw];
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}

/** Table cells typed like Craft's `<field>_TableRow`: number → Number, lightswitch, date/time → DateTime. */
function tableCell(column: TableColumn, raw: unknown): unknown {
  switch (column.type) {
    case 'number':
      return toNumberValue(raw);
    case 'lightswitch':
      return toBooleanValue(raw);
    case 'date':
    case 'time':
      return toDateValue(raw);
    case 'singleline':
    case 'multiline':
    case 'email':
    case 'url':
    case 'color':
    case 'select':
      return toTextValue(raw);
  }
}

/**
 * Table rows with every column under its key (`col1`, ...) and its handle
 * (docs/content-graphql.md#fields). Stored rows may use either name.
 */
function tableRows(field: Field, raw: unknown): Record<string, unknown>[] {
  if (!Array.isArray(raw)) return [];
  return (raw as unknown[])
    .filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object')
    .map((row) => {
      const out: Record<string, unknown> = {};
      for (const column of field.columns) {
        const value = tableCell(column, row[column.key] ?? row[column.handle] ?? null);
        out[column.key] = value;
        out[column.handle] = value;
      }
      return out;
    });
}

/**
 * A custom field's stored value as its GraphQL type presents it (docs/content-graphql.md#fields):
 * Number fields as numbers (null when empty), lightswitches as booleans, dates as Date, dropdown
 * and radio values (or labels with `label: true`), checkbox and multi-select lists, table rows.
 * Relation and matrix fields load through the request loaders and are not handled here (null).
 */
export function customFieldValue(
  field: Field,
  raw: unknown,
  label = false,
  /** Money: the element's site language, which formats the amount. */
  locale = 'en-US',
): unknown {
  switch (field.type) {
    case 'number':
    case 'range':
      return toNumberValue(raw);
    case 'json':
      return raw === undefined || raw === null ? null : JSON.stringify(raw);
    case 'money': {
      const amount = toNumberValue(raw);
      return amount === null || field.currency === undefined
        ? null
        : new MoneyValue(amount, field.currency, locale);
    }
    case 'lightswitch':
      return toBooleanValue(raw);
    case 'date':
      return toDateValue(raw);
    case 'time':
      return timeOfToday(raw);
    case 'dropdown':
    case 'radioButtons':
    case 'buttonGroup': {
      const value = toTextValue(raw);
      if (value === null || !label) return value;
      return optionLabel(field.options, value);
    }
    case 'checkboxes':
    case 'multiSelect': {
      const values = selectedValues(raw);
      if (!label) return values;
      return values
        .map((value) => optionLabel(field.options, value))
        .filter((text): text is string => text !== null);
    }
    case 'table':
      return tableRows(field, raw);
    case 'entries':
    case 'assets':
    case 'categories':
    case 'tags':
    case 'users':
    case 'matrix':
    case 'addresses':
    case 'contentBlock':
    case 'link':
      return null;
    case 'plainText':
    case 'email':
    case 'url':
    case 'color':
    case 'markdown':
    case 'richText':
    case 'country':
    case 'icon':
      return toTextValue(raw);
  }
}

/**
 * A Time field's `HH:MM:SS` as Craft presents it: a DateTime on the current day (UTC), since
 * Craft builds the value from the time alone; `@formatDateTime(format: "H:i")` gives the time.
 */
function timeOfToday(raw: unknown): Date | null {
  const text = toTextValue(raw);
  const match = text === null ? null : /^(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (match === null) return null;
  const date = new Date();
  date.setUTCHours(Number(match[1]), Number(match[2]), Number(match[3]), 0);
  return date;
}

/**
 * An element's URL: the site's base URL + its URI (Craft's `UrlHelper::siteUrl`); `__home__` is
 * the base URL itself; no URI, no URL.
 */
export function elementUrl(uri: string | null, site: Site | undefined): string | null {
  if (uri === null || site === undefined) return null;
  if (uri === '__home__' || uri === '') return site.baseUrl;
  return `${site.baseUrl.replace(/\/+$/, '')}/${uri.replace(/^\/+/, '')}`;
}

/** Craft's element status: archived elements say so, whatever their other state. */
export function elementStatus(source: ElementRecord): string {
  return source.archived ? 'archived' : source.status;
}

/** Craft 4 `searchScore: Int`: the store's score, whole. */
export function searchScoreValue(source: ElementRecord): number | null {
  return source.searchScore === null ? null : Math.round(source.searchScore);
}

/** Users: the first name, or the username (Craft's `friendlyName`). */
export function userFriendlyName(source: ElementRecord): string | null {
  if (source.user === null) return null;
  return nonEmpty(source.user.firstName) ?? source.user.username;
}

/** Users: the full name, or the username (Craft's `name`); other elements: their title. */
export function userName(source: ElementRecord): string {
  if (source.user === null) return source.title ?? '';
  return nonEmpty(source.user.fullName) ?? source.user.username;
}

/** Users: the preferences as a JSON string (`preferences: String!`). */
export function userPreferences(source: ElementRecord): string {
  return JSON.stringify(source.user?.preferences ?? {});
}

/** Users: the preferred language from the preferences (`language`), if any. */
export function userPreferredLanguage(source: ElementRecord): string | null {
  const language = source.user?.preferences.language;
  return typeof language === 'string' && language !== '' ? language : null;
}

function nonEmpty(text: string | null | undefined): string | null {
  return text === null || text === undefined || text.trim() === '' ? null : text;
}

/** The ElementValues of the GraphQL request context, over one content model. */
export class FieldValues implements ElementValues {
  constructor(private readonly model: ContentModelIndex) {}

  customField(source: ElementRecord, field: Field, args: GraphqlArgs): unknown {
    const raw = source.fields[field.handle];
    if (field.type === 'money') {
      return customFieldValue(field, raw, false, this.model.sites.id(source.siteId)?.language);
    }
    return customFieldValue(field, raw, args.label === true);
  }

  url(source: ElementRecord): string | null {
    return elementUrl(source.uri, this.model.sites.id(source.siteId));
  }

  siteHandle(source: ElementRecord): string | null {
    return this.model.sites.id(source.siteId)?.handle ?? null;
  }

  language(source: ElementRecord): string | null {
    return this.model.sites.id(source.siteId)?.language ?? null;
  }

  searchScore(source: ElementRecord): number | null {
    return searchScoreValue(source);
  }

  friendlyName(source: ElementRecord): string | null {
    return userFriendlyName(source);
  }

  name(source: ElementRecord): string {
    return userName(source);
  }

  status(source: ElementRecord): string {
    return elementStatus(source);
  }

  preferences(source: ElementRecord): string {
    return userPreferences(source);
  }

  preferredLanguage(source: ElementRecord): string | null {
    return userPreferredLanguage(source);
  }
}
