/**
 * The text directives' signatures (the GraphQL layer declares the directives and calls these on
 * each resolved field value, left to right). Each returns the value unchanged when it does not
 * apply (e.g. @formatDateTime on a non-date), as Craft does.
 */

export interface FormatDateTimeArgs {
  /** PHP date() letters, `short|medium|long|full`, or `icu:<pattern>`; default ATOM `Y-m-d\TH:i:sP`. */
  readonly format?: string | null;
  /** IANA zone; default: keep the value's zone (UTC for our dates). */
  readonly timezone?: string | null;
  /** BCP 47 locale for month/day names and the length formats; default `en-US`. */
  readonly locale?: string | null;
}

export interface MarkdownArgs {
  readonly flavor?: string | null;
  readonly inlineOnly?: boolean | null;
}

export interface StripTagsArgs {
  readonly allowed?: readonly string[] | null;
}

/** A reference tag `{kind:identifier[@site]:property}` as @parseRefs found it. */
export interface ElementReference {
  /** entry, asset, category, tag, user, globalset */
  readonly kind: string;
  /** an id, a uid, or (entries) `section/slug`, (users) a username or email, (global sets) a handle */
  readonly identifier: string;
  /** site handle, id or uid after `@`, if given */
  readonly site: string | null;
  /** the element property; null = `url` */
  readonly property: string | null;
}

/**
 * Looks the referenced elements up (one batch per value) and returns, per reference, the property
 * as text: the element's URL when `property` is null or the element has no such property ('' when it
 * has no URL), or null when the element (or the site) does not exist, which leaves the tag as it was.
 */
export type ReferenceResolver = (refs: readonly ElementReference[]) => Promise<(string | null)[]>;

/**
 * A directive argument the directive cannot use (an unknown time zone, a malformed locale, an
 * unknown markdown flavor). The message is written for the API client: the GraphQL layer should
 * show it as the error message even outside dev mode.
 */
export class DirectiveArgumentError extends Error {}
