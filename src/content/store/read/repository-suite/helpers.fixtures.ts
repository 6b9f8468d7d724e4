import type { ElementCriteria } from '../../element-criteria';
import type { ElementRecord, KeyedElementRecord } from '../../element-record';
import { E, type FixtureUsers, SECTION, SITE } from '../elements.fixtures';
import { ElementsRepository } from '../elements.repository';

import type { OpenedDatabase } from '../elements.repository.suite';
import type { ParamValue } from '../../element-criteria';

/** What the parts of the element store suite share: set up by elements.repository.suite.ts. */
export interface StoreSuiteContext {
  readonly store: ElementsRepository;
  readonly users: FixtureUsers;
  readonly db: OpenedDatabase['db'];
  /** How many store queries ran so far. */
  queries(): number;
}

export const ids = (records: readonly ElementRecord[]): number[] =>
  records.map((record) => record.id);
export const titles = (records: readonly ElementRecord[]): (string | null)[] =>
  records.map((record) => record.title);
/** Keyed rows as `{ key: [ids...] }` in row order. */
export const byKey = (rows: readonly KeyedElementRecord[]): Record<number, number[]> => {
  const grouped: Record<number, number[]> = {};
  for (const row of rows) (grouped[row.key] ??= []).push(row.element.id);
  return grouped;
};

export const news = (extra: Partial<ElementCriteria> = {}): ElementCriteria => ({
  kind: 'entry',
  siteIds: [SITE.en],
  containerIds: [SECTION.news],
  ...extra,
});
export const pages = (extra: Partial<ElementCriteria> = {}): ElementCriteria => ({
  kind: 'entry',
  siteIds: [SITE.en],
  containerIds: [SECTION.pages],
  ...extra,
});

/** The live news entries of the English site, newest first. */
export const LIVE_NEWS = [E.link, E.second, E.disabledInDe, E.hello];

export function summary(param: ElementCriteria['id']): {
  fieldHandle: string;
  fieldType: string;
  param: string | number | boolean | readonly ParamValue[] | null;
} {
  return { fieldHandle: 'summary', fieldType: 'plainText', param: param ?? null };
}
export function rating(param: ElementCriteria['id']): {
  fieldHandle: string;
  fieldType: string;
  param: string | number | boolean | readonly ParamValue[] | null;
} {
  return { fieldHandle: 'rating', fieldType: 'number', param: param ?? null };
}
export function featured(param: ElementCriteria['id']): {
  fieldHandle: string;
  fieldType: string;
  param: string | number | boolean | readonly ParamValue[] | null;
} {
  return { fieldHandle: 'featured', fieldType: 'lightswitch', param: param ?? null };
}
export function audiences(param: ElementCriteria['id']): {
  fieldHandle: string;
  fieldType: string;
  param: string | number | boolean | readonly ParamValue[] | null;
} {
  return { fieldHandle: 'audiences', fieldType: 'checkboxes', param: param ?? null };
}
export function eventDate(param: ElementCriteria['id']): {
  fieldHandle: string;
  fieldType: string;
  param: string | number | boolean | readonly ParamValue[] | null;
} {
  return { fieldHandle: 'eventDate', fieldType: 'date', param: param ?? null };
}
