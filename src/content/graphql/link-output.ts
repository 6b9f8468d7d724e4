import type { Field } from '../model/content-model';
import { type ElementKind, ElementKinds } from '../model/element-kinds';
import type { LinkType } from '../model/field-types';
import type { ElementRecord } from '../store/element-record';
import type { StoredLink } from '../store/write/link-values';
import type { GraphqlRequestContext } from './graphql-request-context';
import { referenceUrl } from './reference-resolver-properties';

/** What `LinkData` presents of one link (Craft 5.6's fields), with the linked element if any. */
export interface LinkOutput {
  readonly type: LinkType;
  /** The rendered value: the element's URL, or the stored text. */
  readonly value: string;
  /** The custom label only (Craft's `getLabel(true)`). */
  readonly label: string | null;
  readonly defaultLabel: string;
  readonly urlSuffix: string | null;
  readonly url: string;
  readonly link: string;
  readonly target: string | null;
  readonly title: string | null;
  readonly class: string | null;
  readonly id: string | null;
  readonly rel: string | null;
  readonly ariaLabel: string | null;
  readonly download: boolean;
  readonly filename: string | null;
  readonly elementType: string | null;
  readonly elementId: number | null;
  readonly elementSiteId: number | null;
  readonly elementTitle: string | null;
  readonly element: ElementRecord | null;
}

const ELEMENT_KINDS: Partial<Record<LinkType, ElementKind>> = {
  entry: ElementKinds.entry,
  asset: ElementKinds.asset,
  category: ElementKinds.category,
};
/** Craft's element class names, which `elementType` gives. */
const ELEMENT_CLASSES: Partial<Record<LinkType, string>> = {
  entry: 'craft\\elements\\Entry',
  asset: 'craft\\elements\\Asset',
  category: 'craft\\elements\\Category',
};
const SCHEMES = /^(mailto|tel|sms):/i;

/**
 * A Link field's value for GraphQL: element links read their element in the source's site (as the
 * schema may read it; null when it cannot, or the element is gone), text links as stored.
 */
export async function linkOutput(
  field: Field,
  source: ElementRecord,
  context: GraphqlRequestContext,
): Promise<LinkOutput | null> {
  const stored = asStoredLink(source.fields[field.handle]);
  if (stored === null) return null;
  const kind = ELEMENT_KINDS[stored.type];
  if (kind === undefined) {
    const value = String(stored.value);
    return output(stored, value, value.replace(SCHEMES, ''), null);
  }
  const element = await context.elements.one(kind, {
    id: [String(stored.value)],
    siteId: [String(source.siteId)],
  });
  if (element === null) return null;
  const url = referenceUrl(element, context.model, context.assetFiles);
  return output(stored, url, element.title ?? '', element);
}

function output(
  stored: StoredLink,
  value: string,
  defaultLabel: string,
  element: ElementRecord | null,
): LinkOutput {
  const url = `${value}${stored.urlSuffix ?? ''}`;
  return {
    type: stored.type,
    value,
    label: stored.label ?? null,
    defaultLabel,
    urlSuffix: stored.urlSuffix ?? null,
    url,
    link: anchor(stored, url, stored.label ?? defaultLabel),
    target: stored.target ?? null,
    title: stored.title ?? null,
    class: stored.class ?? null,
    id: stored.id ?? null,
    rel: stored.rel ?? null,
    ariaLabel: stored.ariaLabel ?? null,
    download: stored.download === true,
    filename: stored.filename ?? null,
    elementType: element === null ? null : (ELEMENT_CLASSES[stored.type] ?? null),
    elementId: element?.id ?? null,
    elementSiteId: element?.siteId ?? null,
    elementTitle: element === null ? null : (element.title ?? ''),
    element,
  };
}

/** Craft's `<a>` for a link: attributes in Craft's order, empty ones left out; '' without a URL. */
function anchor(stored: StoredLink, url: string, label: string): string {
  if (url === '') return '';
  const attributes: [string, string | true | undefined][] = [
    ['href', url],
    ['target', stored.target],
    ['title', stored.title],
    ['class', stored.class],
    ['id', stored.id],
    ['rel', stored.rel],
    ['aria-label', stored.ariaLabel],
    ['download', stored.download === true ? (stored.filename ?? true) : undefined],
  ];
  const html = attributes
    .filter((entry): entry is [string, string | true] => entry[1] !== undefined)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${encode(value)}"`))
    .join('');
  return `<a${html}>${encode(label === '' ? url : label)}</a>`;
}

/** PHP's htmlspecialchars with ENT_QUOTES, as Craft's Html::encode. */
function encode(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

function asStoredLink(raw: unknown): StoredLink | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const link = raw as StoredLink;
  return typeof link.type === 'string' && link.value !== undefined ? link : null;
}
