import type { ContentModelIndex } from '../../model/content-model.index';
import type { ReferenceKey } from './rows';
import { ElementKinds } from '../../model/element-kinds';

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How the export names other elements, the inverse of the importer's references: entries
 * `<section>/<slug>` (a single: `<section>`), categories and tags `<group>/<slug>`, assets
 * `<volume>/<folder/><filename>`, users their username. A slug names an element only when it
 * is unambiguous: the element's primary-site slug, held by no other element of the container in
 * any site (and not shaped like a uid); otherwise the uid is written. Structure parents are
 * named by that slug alone, or the uid. Elements outside the content model have no name.
 */
export class ExportReferences {
  private readonly keys = new Map<number, ReferenceKey>();
  /** How many elements of a container hold a slug (in any site): `kind/container/slug`. */
  private readonly slugHolders = new Map<string, number>();

  constructor(
    private readonly model: ContentModelIndex,
    keys: readonly ReferenceKey[],
  ) {
    for (const key of keys) {
      this.keys.set(key.id, key);
      for (const slug of new Set(key.slugs.values())) {
        const holder = slugKey(key, slug);
        this.slugHolders.set(holder, (this.slugHolders.get(holder) ?? 0) + 1);
      }
    }
  }

  /** The reference to an element, or undefined when the file format cannot name it. */
  name(id: number): string | undefined {
    const key = this.keys.get(id);
    if (key === undefined) return undefined;
    switch (key.kind) {
      case ElementKinds.user:
        return key.login;
      case ElementKinds.asset: {
        const asset = key.asset;
        const volume = asset && this.model.volumes.id(asset.volumeId);
        return volume && `${volume.handle}/${asset.folderPath}${asset.filename}`;
      }
      case ElementKinds.entry: {
        const section = this.model.sections.id(key.containerId ?? -1);
        if (section === undefined) return undefined;
        if (section.type === 'single') return section.handle;
        return this.natural(section.handle, key);
      }
      case ElementKinds.category: {
        const group = this.model.categoryGroups.id(key.containerId ?? -1);
        return group && this.natural(group.handle, key);
      }
      case ElementKinds.tag: {
        const group = this.model.tagGroups.id(key.containerId ?? -1);
        return group && this.natural(group.handle, key);
      }
      case ElementKinds.globalSet:
      case ElementKinds.matrixBlock:
        return undefined;
    }
  }

  /** A structure parent as the `parent` key writes it: its unambiguous slug, else its uid. */
  parent(id: number): string | undefined {
    const key = this.keys.get(id);
    return key && (this.slug(key) ?? key.uid);
  }

  /** `<container>/<slug>`, or the bare uid when the slug does not name the element alone. */
  private natural(container: string, key: ReferenceKey): string {
    const slug = this.slug(key);
    return slug === undefined ? key.uid : `${container}/${slug}`;
  }

  /** The primary-site slug when it names this element alone. */
  private slug(key: ReferenceKey): string | undefined {
    const slug = key.slugs.get(this.model.primarySite.id);
    if (slug === undefined || slug === '' || UID.test(slug)) return undefined;
    return this.slugHolders.get(slugKey(key, slug)) === 1 ? slug : undefined;
  }
}

const slugKey = (key: ReferenceKey, slug: string) =>
  `${key.kind}\u0000${key.containerId ?? ''}\u0000${slug}`;
