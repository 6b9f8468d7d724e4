import type { ElementReference, ReferenceResolver } from '../directives/directive-functions';
import type { ContentModelIndex } from '../model/content-model.index';
import { type ElementKind, ElementKinds } from '../model/element-kinds';
import type { ElementCriteria } from '../store/element-criteria';
import type { ElementRecord } from '../store/element-record';
import type { ElementReader } from '../store/element-reader';
import type { AssetFiles } from '../transforms/asset-files';
import { CriteriaBuilder } from './criteria/criteria-builder';
import { referenceProperty } from './reference-resolver-properties';
import type { ScopeGrants } from './scope-grants';

export interface ReferenceResolverDeps {
  readonly model: ContentModelIndex;
  readonly grants: ScopeGrants;
  readonly reader: ElementReader;
  readonly assetFiles: AssetFiles;
  /** The request's criteria builder, if there is one (shares its memoised resolutions). */
  readonly criteria?: CriteriaBuilder;
}

const KINDS: Readonly<Record<string, ElementKind>> = {
  entry: ElementKinds.entry,
  asset: ElementKinds.asset,
  category: ElementKinds.category,
  tag: ElementKinds.tag,
  user: ElementKinds.user,
  globalset: ElementKinds.globalSet,
};

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a reference names its element. */
type Form = 'id' | 'uid' | 'slug' | 'username' | 'email' | 'handle';

interface Lookup {
  readonly kind: ElementKind;
  readonly form: Form;
  readonly value: string;
  /** Section (entries) or group (categories) handle of a `<container>/<slug>` reference. */
  readonly container: string | null;
  readonly siteId: number;
}

/**
 * @parseRefs lookups (ReferenceResolver): `{entry:12}`, `{entry:<uid>@de:title}`,
 * `{entry:news/hello:url}`, `{category:topics/tech}`, `{user:ada:email}`, `{globalset:siteInfo:copyright}`,
 * `{asset:5:url}`. The references of one value are looked up with one store query per element kind
 * and identifier form (id, uid, slug, username, email, handle), through the schema's scope: a
 * reference to something the schema cannot read, or in a site it cannot read, stays unresolved
 * (null), as does an unknown element. Sites: `@<handle|id|uid>`, default the schema's default site.
 * Statuses: live/enabled elements only, unless the schema has `elements.inactive:read`.
 */
export function createReferenceResolver(deps: ReferenceResolverDeps): ReferenceResolver {
  const criteria = deps.criteria ?? new CriteriaBuilder({ ...deps, maxResults: 0 });
  return async (refs) => {
    const lookups = refs.map((ref) => toLookup(ref, deps));
    const groups = new Map<string, Lookup[]>();
    for (const lookup of lookups) {
      if (lookup === null) continue;
      const key = `${lookup.kind}|${lookup.form}`;
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [lookup]);
      else group.push(lookup);
    }
    const found = new Map<Lookup, ElementRecord>();
    await Promise.all(
      [...groups.values()].map(async (group) => {
        const records = await findGroup(group, criteria, deps);
        for (const lookup of group) {
          const record = records.find((candidate) => matches(candidate, lookup, deps.model));
          if (record !== undefined) found.set(lookup, record);
        }
      }),
    );
    return refs.map((ref, index) => {
      const lookup = lookups[index];
      const record = lookup === null ? undefined : found.get(lookup);
      if (record === undefined) return null;
      return referenceProperty(record, ref.property, deps.model, deps.assetFiles);
    });
  };
}

function toLookup(ref: ElementReference, deps: ReferenceResolverDeps): Lookup | null {
  const kind = KINDS[ref.kind.toLowerCase()];
  if (kind === undefined) return null;
  const siteId = refSite(ref.site, deps);
  if (siteId === null) return null;
  const identifier = ref.identifier.trim();
  if (identifier === '') return null;
  if (/^\d+$/.test(identifier)) {
    return { kind, form: 'id', value: identifier, container: null, siteId };
  }
  if (UID.test(identifier)) {
    return { kind, form: 'uid', value: identifier, container: null, siteId };
  }
  switch (kind) {
    case ElementKinds.entry:
    case ElementKinds.category: {
      const slash = identifier.indexOf('/');
      if (slash === -1) return { kind, form: 'slug', value: identifier, container: null, siteId };
      const container = identifier.slice(0, slash);
      return { kind, form: 'slug', value: identifier.slice(slash + 1), container, siteId };
    }
    case ElementKinds.tag:
      return { kind, form: 'slug', value: identifier, container: null, siteId };
    case ElementKinds.user:
      return {
        kind,
        form: identifier.includes('@') ? 'email' : 'username',
        value: identifier,
        container: null,
        siteId,
      };
    case ElementKinds.globalSet:
      return { kind, form: 'handle', value: identifier, container: null, siteId };
    case ElementKinds.asset:
    case ElementKinds.matrixBlock:
      return null;
  }
}

/** `@site` as a readable site id (handle, id or uid); the default site without one. */
function refSite(site: string | null, deps: ReferenceResolverDeps): number | null {
  if (site === null) return deps.grants.defaultSite?.id ?? null;
  const found = deps.grants.sites.find(
    (candidate) =>
      candidate.handle === site || String(candidate.id) === site || candidate.uid === site,
  );
  return found?.id ?? null;
}

/** One store query for a group of lookups of the same kind and form, scope applied. */
async function findGroup(
  group: readonly Lookup[],
  builder: CriteriaBuilder,
  deps: ReferenceResolverDeps,
): Promise<ElementRecord[]> {
  const { kind, form } = group[0];
  const values = [...new Set(group.map((lookup) => lookup.value))];
  const siteIds = [...new Set(group.map((lookup) => lookup.siteId))];
  const args = form === 'handle' ? { siteId: siteIds, handle: values } : { siteId: siteIds };
  const base = await builder.build(kind, args, { capLimit: false });
  if (base === null) return [];
  const criteria: ElementCriteria = {
    ...base,
    ...(deps.grants.inactive && { status: null }),
    ...identifierCondition(form, values),
  };
  return deps.reader.find(criteria);
}

function identifierCondition(form: Form, values: string[]): Partial<ElementCriteria> {
  switch (form) {
    case 'id':
      return { id: values.map(Number) };
    case 'uid':
      return { uid: values };
    case 'slug':
      return { slug: values.map(exact) };
    case 'username':
      return { username: values.map(exact) };
    case 'email':
      return { email: values.map(exact) };
    case 'handle':
      return {};
  }
}

/** A literal list item for a Craft parameter: `\*` is a literal asterisk, not a wildcard. */
function exact(value: string): string {
  return value.replace(/\*/g, '\\*');
}

function matches(record: ElementRecord, lookup: Lookup, model: ContentModelIndex): boolean {
  if (record.siteId !== lookup.siteId) return false;
  switch (lookup.form) {
    case 'id':
      return record.id === Number(lookup.value);
    case 'uid':
      return record.uid.toLowerCase() === lookup.value.toLowerCase();
    case 'slug':
      return record.slug === lookup.value && containerMatches(record, lookup, model);
    case 'username':
      return record.user?.username === lookup.value;
    case 'email':
      return record.user?.email.toLowerCase() === lookup.value.toLowerCase();
    case 'handle':
      return (
        record.containerId !== null &&
        model.globalSets.id(record.containerId)?.handle === lookup.value
      );
  }
}

function containerMatches(
  record: ElementRecord,
  lookup: Lookup,
  model: ContentModelIndex,
): boolean {
  if (lookup.container === null) return true;
  if (record.containerId === null) return false;
  const container =
    lookup.kind === ElementKinds.entry
      ? model.sections.id(record.containerId)
      : model.categoryGroups.id(record.containerId);
  return container?.handle === lookup.container;
}
