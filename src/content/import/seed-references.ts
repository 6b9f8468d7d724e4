import type { ContentModelIndex } from '../model/content-model.index';
import { type ElementKind, ElementKinds } from '../model/element-kinds';
import type { ElementKey, ElementLookups } from '../store/write/element-lookups';

/** A reference that names nothing; the message says what was looked for. */
export class SeedReferenceError extends Error {}

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Elements named the way content files name them (Craft's reference-tag identifiers): a uid,
 * or a natural key: entries `<section>/<slug>` (a single: `<section>`), assets
 * `<volume>/<folder/path/><filename>`, categories and tags `<group>/<slug>`, users their
 * username. Slugs are those of the primary site, else of any site.
 */
export class SeedReferences {
  /**
   * Elements found so far, per kind: a load names the same tags, categories, authors and
   * entries thousands of times, and pass two (relations) writes no element, so each is looked
   * up once. Only found elements are kept (a later item may create what was missing), and a
   * kind's are dropped whenever an element of that kind is written (its slug may change).
   */
  private readonly found = new Map<ElementKind, Map<string, ElementKey>>();

  constructor(
    private readonly model: ContentModelIndex,
    private readonly lookups: ElementLookups,
  ) {}

  /** After the load wrote an element of this kind. */
  written(kind: ElementKind): void {
    this.found.delete(kind);
  }

  /** Drops what is remembered once it holds more than `limit` elements (pass two's bound). */
  forgetBeyond(limit: number): void {
    let held = 0;
    for (const ofKind of this.found.values()) held += ofKind.size;
    if (held > limit) this.found.clear();
  }

  private async remembered(
    kind: ElementKind,
    key: string,
    look: () => Promise<ElementKey | undefined>,
  ): Promise<ElementKey | undefined> {
    let ofKind = this.found.get(kind);
    const known = ofKind?.get(key);
    if (known !== undefined) return known;
    const found = await look();
    if (found === undefined) return undefined;
    if (ofKind === undefined) this.found.set(kind, (ofKind = new Map<string, ElementKey>()));
    ofKind.set(key, found);
    return found;
  }

  /**
   * Looks up many `<container>/<slug>` references of entries, categories or tags at once (one
   * query per container and 1,000 slugs), remembering those found as `find` would: pass two
   * names thousands of distinct entries, each otherwise a query of its own.
   */
  async prefetch(kind: ElementKind, references: Iterable<string>): Promise<void> {
    const containers = new Map<number, Map<string, string>>();
    for (const reference of references) {
      const slash = reference.indexOf('/');
      if (UID.test(reference) || slash <= 0 || slash === reference.length - 1) continue;
      const id = this.containerId(kind, reference.slice(0, slash));
      if (id === undefined) continue;
      const slugs = containers.get(id) ?? new Map<string, string>();
      slugs.set(reference.slice(slash + 1), reference);
      containers.set(id, slugs);
    }
    const sites = this.siteOrder();
    for (const [containerId, slugs] of containers) {
      const all = [...slugs.keys()];
      for (let start = 0; start < all.length; start += 1_000) {
        const found = await this.lookups.manyBySlugInSites(
          kind,
          containerId,
          all.slice(start, start + 1_000),
          sites,
        );
        for (const [slug, key] of found) {
          await this.remembered(kind, `s:${containerId} ${slug}`, () => Promise.resolve(key));
          await this.remembered(kind, `r:${slugs.get(slug)}`, () => Promise.resolve(key));
        }
      }
    }
  }

  /** The section or group a natural key names (entries in singles are not prefetched). */
  private containerId(kind: ElementKind, handle: string): number | undefined {
    switch (kind) {
      case ElementKinds.entry: {
        const section = this.model.sections.handle(handle);
        return section?.type === 'single' ? undefined : section?.id;
      }
      case ElementKinds.category:
        return this.model.categoryGroups.handle(handle)?.id;
      case ElementKinds.tag:
        return this.model.tagGroups.handle(handle)?.id;
      case ElementKinds.asset:
      case ElementKinds.user:
      case ElementKinds.globalSet:
      case ElementKinds.matrixBlock:
        return undefined;
    }
  }

  /** Site ids, the primary site's first (slugs are those of the primary site, else any). */
  private siteOrder(): number[] {
    const sites = [this.model.primarySite, ...this.model.sites.all.filter((site) => !site.primary)];
    return sites.map((site) => site.id);
  }

  async resolve(kind: ElementKind, reference: string): Promise<number> {
    const found = await this.find(kind, reference);
    if (found === undefined) {
      throw new SeedReferenceError(`no ${kind} "${reference}"${this.hint(kind)}`);
    }
    return found.id;
  }

  find(kind: ElementKind, reference: string): Promise<ElementKey | undefined> {
    return this.remembered(kind, `r:${reference}`, () => this.look(kind, reference));
  }

  private async look(kind: ElementKind, reference: string): Promise<ElementKey | undefined> {
    if (UID.test(reference)) {
      const found = await this.lookups.byUid(reference);
      return found?.kind === kind ? found : undefined;
    }
    if (kind === ElementKinds.user) return this.lookups.user(reference);
    const slash = reference.indexOf('/');
    const container = slash < 0 ? reference : reference.slice(0, slash);
    const rest = slash < 0 ? '' : reference.slice(slash + 1);
    switch (kind) {
      case ElementKinds.entry: {
        const section = this.model.sections.handle(container);
        if (section === undefined) return undefined;
        if (rest === '') {
          return section.type === 'single' ? this.lookups.single(section.id) : undefined;
        }
        return this.bySlug(ElementKinds.entry, section.id, rest);
      }
      case ElementKinds.category: {
        const group = this.model.categoryGroups.handle(container);
        return group === undefined ? undefined : this.bySlug(ElementKinds.category, group.id, rest);
      }
      case ElementKinds.tag: {
        const group = this.model.tagGroups.handle(container);
        return group === undefined ? undefined : this.bySlug(ElementKinds.tag, group.id, rest);
      }
      case ElementKinds.asset: {
        const volume = this.model.volumes.handle(container);
        if (volume === undefined || rest === '') return undefined;
        const cut = rest.lastIndexOf('/');
        const folder = cut < 0 ? '' : `${rest.slice(0, cut)}/`;
        return this.lookups.asset(volume.id, folder, rest.slice(cut + 1));
      }
      case ElementKinds.globalSet:
      case ElementKinds.matrixBlock:
        return undefined;
    }
  }

  /** An entry, category or tag by slug: the primary site's first, then any site's. */
  bySlug(kind: ElementKind, containerId: number, slug: string): Promise<ElementKey | undefined> {
    return this.remembered(kind, `s:${containerId} ${slug}`, () =>
      this.slugInSites(kind, containerId, slug),
    );
  }

  private async slugInSites(
    kind: ElementKind,
    containerId: number,
    slug: string,
  ): Promise<ElementKey | undefined> {
    if (slug === '') return undefined;
    const sites = [this.model.primarySite, ...this.model.sites.all.filter((site) => !site.primary)];
    return this.lookups.bySlugInSites(
      kind,
      containerId,
      slug,
      sites.map((site) => site.id),
    );
  }

  private hint(kind: ElementKind): string {
    switch (kind) {
      case ElementKinds.entry:
        return ' (write <section>/<slug>, or a uid)';
      case ElementKinds.asset:
        return ' (write <volume>/<folder/><filename>, or a uid)';
      case ElementKinds.category:
      case ElementKinds.tag:
        return ' (write <group>/<slug>, or a uid)';
      case ElementKinds.user:
        return ' (write the username)';
      case ElementKinds.globalSet:
      case ElementKinds.matrixBlock:
        return '';
    }
  }
}
