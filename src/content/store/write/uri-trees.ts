import type { ContentModelIndex } from '../../model/content-model.index';
import type { ElementRows, ExistingElement, SiteRow } from './element-rows';
import { siteSettingsMaps, type UriRules } from './save-spec';
import type { StructureNodes } from './structure-nodes';
import { renderUri } from './uri';
import { ElementKinds } from '../../model/element-kinds';

/** An element's URI in one site: its format rendered with its slug and its parent's row there. */
export function elementUri(
  format: string,
  element: { readonly id: number; readonly uid: string },
  slug: string | null,
  parent: SiteRow | undefined,
  prefixParent: boolean,
): string | null {
  return renderUri(
    format,
    {
      id: element.id,
      uid: element.uid,
      slug,
      parentUri: parent?.uri ?? null,
      parentSlug: parent?.slug ?? null,
    },
    prefixParent,
  );
}

/** Keeps the URIs of a structure's elements in step with their parents' (after moves, renames). */
export class UriTrees {
  constructor(
    private readonly rows: ElementRows,
    private readonly structures: StructureNodes,
  ) {}

  /** The URI rules of the structure an entry or category is in. */
  rulesOf(element: ExistingElement, model: ContentModelIndex): UriRules {
    const section =
      element.kind === ElementKinds.entry ? model.sections.id(element.containerId ?? 0) : undefined;
    const group =
      element.kind === ElementKinds.category
        ? model.categoryGroups.id(element.containerId ?? 0)
        : undefined;
    const settings = section?.siteSettings ?? group?.siteSettings ?? [];
    return {
      uriFormats: siteSettingsMaps(settings, model).uriFormats,
      prefixParent: section?.uriParentPrefix === true,
    };
  }

  /** An element that got a new parent: its URIs, then its descendants'. */
  async refreshTree(elementId: number, parentId: number | null, rules: UriRules): Promise<void> {
    const element = await this.rows.byId(elementId);
    if (element === undefined) return;
    const parentSites =
      parentId === null ? new Map<number, SiteRow>() : await this.rows.siteRows(parentId);
    for (const [siteId, row] of await this.rows.siteRows(elementId)) {
      const format = rules.uriFormats?.get(siteId) ?? '';
      const parent = parentSites.get(siteId);
      const uri = elementUri(format, element, row.slug, parent, rules.prefixParent);
      if (uri !== row.uri) await this.rows.setUri(elementId, siteId, uri);
    }
    await this.refreshDescendants(elementId, rules);
  }

  /** A structure element's URI changed or it moved: its descendants' URIs follow. */
  async refreshDescendants(elementId: number, rules: UriRules): Promise<void> {
    const uris = new Map<number, Map<number, SiteRow>>();
    uris.set(elementId, await this.rows.siteRows(elementId));
    for (const { elementId: id, parentId } of await this.structures.descendants(elementId)) {
      const element = await this.rows.byId(id);
      const sites = await this.rows.siteRows(id);
      const parentSites = uris.get(parentId) ?? (await this.rows.siteRows(parentId));
      for (const [siteId, row] of sites) {
        const format = rules.uriFormats?.get(siteId) ?? '';
        const parent = parentSites.get(siteId);
        const uri = elementUri(
          format,
          { id, uid: element!.uid },
          row.slug,
          parent,
          rules.prefixParent,
        );
        if (uri !== row.uri) {
          await this.rows.setUri(id, siteId, uri);
          sites.set(siteId, { ...row, uri });
        }
      }
      uris.set(id, sites);
    }
  }
}
