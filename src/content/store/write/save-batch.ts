import { randomUUID } from 'node:crypto';
import { containsNul } from '../../../infra/http/validation/unstorable-text';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ElementKinds } from '../../model/element-kinds';
import type { ElementRows, NewElement, SiteRow, SiteRowWrite } from './element-rows';
import { entryAuthors, entrySpec } from './entry-spec';
import { newElementRow, splitSaveValues } from './element-save';
import type { SaveSpec } from './save-spec';
import { siteRowsOf } from './element-sites';
import { slugify } from './slug';
import { type NewNodeParent, planNewNodes } from './structure-batch';
import type { NodePosition, StructureNodes } from './structure-nodes';
import { ProblemList } from './write-error';
import type { NewEntryInput, SavedElement } from './write-input';

/** One input of the batch, checked, with what its rows are made from. */
interface Prepared {
  readonly spec: SaveSpec;
  readonly element: NewElement & { readonly id: number };
  readonly plain: {
    readonly common: Readonly<Record<string, unknown>>;
    readonly perSite: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  };
  readonly authors: readonly number[] | undefined;
  /** The slug an importer matches the item by (given, else from the title). */
  readonly naturalSlug: string;
  /** In a structure: where it goes (last child of its parent) and at which level. */
  readonly place?: {
    readonly parent: NewNodeParent;
    readonly level: number;
    /** A stored parent's site rows (URIs under its). */
    readonly parentSites?: ReadonlyMap<number, SiteRow>;
  };
}

/** A stored parent of a batch's structure entry: its position and its site rows (URIs). */
interface StoredParent {
  readonly position: NodePosition;
  readonly sites: ReadonlyMap<number, SiteRow>;
}

/** The site rows of the batch's inputs, up to the first one that must be saved alone. */
interface Computed {
  readonly rows: { elementId: number; siteId: number; row: SiteRowWrite }[];
  readonly count: number;
  /** `siteId uri` of every URI the rows were checked for (their own and the tried ones). */
  readonly checked: [number, string][];
}

/**
 * New entries of channel and structure sections saved together: the importer's pass one (docs/content-import.md). Each
 * input is checked and made into rows exactly as `ElementWriter.saveEntry` would (the same
 * spec, value checks, titles, slugs, URIs made unique, search text), but the rows are
 * written with a few statements per batch: ids from the sequence, one insert of the element
 * rows, one of the site rows, one of the authors, two of the structure nodes per structure;
 * the authors' kinds and the URIs other elements hold are read with one query each, a stored
 * parent's position and rows with one each.
 *
 * A structure entry goes last under its parent (`parentId`, an earlier input of the batch by
 * `parentInBatch`, or the top level), numbered as placing them one by one would
 * (structure-batch.ts), the structure locked as the single save locks it.
 *
 * The batch saves a prefix of its inputs and stops before the first input the single save must
 * handle: one that is not new in a channel or structure section, names a placement (or, in a
 * channel, a parent), a parent outside the structure or too deep, a parent of the batch whose
 * slug was made unique, blocks or relation values (those are the caller's second pass), has any
 * problem (the single save reports it), or whose natural slug an earlier input of the batch was
 * given (made unique: the single save matches it). The caller verified that the inputs' uids
 * and natural slugs name no stored element.
 */
export class EntryBatchSave {
  constructor(
    private readonly rows: ElementRows,
    private readonly structures: StructureNodes,
    private readonly now: () => Date,
  ) {}

  async save(inputs: readonly NewEntryInput[], model: ContentModelIndex): Promise<SavedElement[]> {
    if (inputs.length === 0) return [];
    const now = this.now();
    const authorKinds = await this.rows.kindsOf([
      ...new Set(inputs.flatMap((input) => entryAuthors(input) ?? [])),
    ]);
    const ids = await this.rows.nextIds(inputs.length);
    const prepared: Prepared[] = [];
    const stored = new Map<number, StoredParent | undefined>();
    const locked = new Set<number>();
    for (const [index, input] of inputs.entries()) {
      const one = this.prepare(input, ids[index], model, now, authorKinds);
      const placed = one && (await this.placed(one, input, prepared, stored, locked));
      if (placed === undefined) break;
      prepared.push(placed);
    }
    // URIs are first made unique among the batch only, then checked against the store at once;
    // when the store holds one of them (rare in an import), they are made again asking it.
    let computed = await this.compute(prepared, model, now, () => false);
    const taken = await this.rows.takenUris(computed.checked);
    if (taken.size > 0) {
      const asked = new Set(computed.checked.map(([site, uri]) => `${site} ${uri}`));
      computed = await this.compute(prepared, model, now, (siteId, uri) =>
        asked.has(`${siteId} ${uri}`)
          ? taken.has(`${siteId} ${uri}`)
          : this.rows.uriTaken(siteId, uri, 0),
      );
    }
    const written = prepared.slice(0, computed.count);
    await this.rows.insertMany(written.map((p) => p.element));
    await this.insertNodes(written);
    await this.rows.insertSiteRows(computed.rows);
    await this.rows.insertEntryAuthors(
      written.flatMap((p) => (p.authors === undefined ? [] : [[p.element.id, p.authors] as const])),
    );
    return written.map((p) => ({
      id: p.element.id,
      uid: p.element.uid,
      created: true,
      blocks: new Map(),
    }));
  }

  /** An input checked like saveEntry checks a new entry; undefined: it must be saved alone. */
  private prepare(
    input: NewEntryInput,
    id: number,
    model: ContentModelIndex,
    now: Date,
    authorKinds: ReadonlyMap<number, string>,
  ): Prepared | undefined {
    const section = model.sections.id(input.sectionId);
    const type = section?.entryTypes.find((t) => t.id === input.typeId);
    if (section === undefined || type === undefined || section.type === 'single') return undefined;
    if (input.placement !== undefined) return undefined;
    const parented = input.parentInBatch !== undefined || input.parentId !== undefined;
    if (section.type === 'channel' && parented) return undefined;
    const authors = entryAuthors(input);
    if (authors?.some((author) => authorKinds.get(author) !== ElementKinds.user)) return undefined;
    const spec = entrySpec(model, section, type, input, undefined, authors, now);
    const problems = new ProblemList();
    if (containsNul(spec.content)) return undefined;
    const { common, perSite } = splitSaveValues(spec, problems, model);
    const splits = [common, ...perSite.values()];
    if (!problems.empty || splits.some((s) => s.relations.size > 0 || s.blocks.size > 0)) {
      return undefined;
    }
    return {
      spec,
      element: { ...newElementRow(spec, input.uid ?? randomUUID(), now), id },
      plain: {
        common: common.plain,
        perSite: new Map([...perSite].map(([siteId, split]) => [siteId, split.plain])),
      },
      authors,
      naturalSlug: input.slug ?? slugify(input.title ?? ''),
    };
  }

  /**
   * A structure entry with its place (the structure locked first, as the single save does);
   * undefined when the single save must place it. Other entries as they are.
   */
  private async placed(
    prepared: Prepared,
    input: NewEntryInput,
    earlier: readonly Prepared[],
    stored: Map<number, StoredParent | undefined>,
    locked: Set<number>,
  ): Promise<Prepared | undefined> {
    const structure = prepared.spec.structure;
    if (structure === undefined) return prepared;
    if (!locked.has(structure.id)) {
      await this.structures.lock(structure.id);
      locked.add(structure.id);
    }
    let place: Prepared['place'] = { parent: null, level: 1 };
    if (input.parentInBatch !== undefined) {
      const parent = earlier[input.parentInBatch] as Prepared | undefined;
      if (parent?.place === undefined || parent.spec.structure?.id !== structure.id) {
        return undefined;
      }
      place = { parent: { index: input.parentInBatch }, level: parent.place.level + 1 };
    } else if (input.parentId !== undefined && input.parentId !== null) {
      const id = input.parentId;
      if (!stored.has(id)) stored.set(id, await this.storedParent(id));
      const parent = stored.get(id);
      if (parent === undefined || parent.position.structureId !== structure.id) return undefined;
      place = {
        parent: { stored: parent.position },
        level: parent.position.level + 1,
        parentSites: parent.sites,
      };
    }
    if (structure.maxLevels !== null && place.level > structure.maxLevels) return undefined;
    return { ...prepared, place };
  }

  private async storedParent(id: number): Promise<StoredParent | undefined> {
    const position = await this.structures.position(id);
    return position === undefined ? undefined : { position, sites: await this.rows.siteRows(id) };
  }

  /** The structure nodes of the written inputs, structure by structure. */
  private async insertNodes(written: readonly Prepared[]): Promise<void> {
    const byStructure = new Map<number, number[]>();
    for (const [k, p] of written.entries()) {
      if (p.place === undefined) continue;
      const id = p.spec.structure!.id;
      const members = byStructure.get(id);
      if (members === undefined) byStructure.set(id, [k]);
      else members.push(k);
    }
    for (const [structureId, members] of byStructure) {
      const at = new Map(members.map((k, position) => [k, position]));
      const news = members.map((k) => {
        const { parent } = written[k].place!;
        return {
          elementId: written[k].element.id,
          parent: parent !== null && 'index' in parent ? { index: at.get(parent.index)! } : parent,
        };
      });
      const plan = planNewNodes(await this.structures.maxRgt(structureId), news);
      await this.structures.insertPlanned(structureId, plan);
    }
  }

  /** The site rows of the inputs in order, each URI unique among the batch's earlier ones. */
  private async compute(
    prepared: readonly Prepared[],
    model: ContentModelIndex,
    now: Date,
    takenInStore: (siteId: number, uri: string) => boolean | Promise<boolean>,
  ): Promise<Computed> {
    const rows: Computed['rows'] = [];
    const ofInput = new Map<number, Map<number, SiteRow>>();
    const checked: [number, string][] = [];
    const uris = new Set<string>();
    const slugs = new Set<string>();
    let count = 0;
    for (const [k, p] of prepared.entries()) {
      if (slugs.has(`${p.spec.containerId} ${p.naturalSlug}`)) break;
      const parentSites = this.parentSites(p, prepared, ofInput);
      if (parentSites === undefined) break;
      const problems = new ProblemList();
      const saved = { id: p.element.id, uid: p.element.uid, created: true };
      const made = await siteRowsOf(p.spec, saved, p.plain, problems, model, now, {
        blockText: new Map(),
        previousSites: new Map(),
        parentSites,
        uriTaken: (siteId, uri) => {
          checked.push([siteId, uri]);
          return uris.has(`${siteId} ${uri}`) || takenInStore(siteId, uri);
        },
      });
      if (!problems.empty) break;
      ofInput.set(k, new Map(made.rows));
      for (const [siteId, row] of made.rows) {
        rows.push({ elementId: p.element.id, siteId, row });
        if (row.uri !== null) uris.add(`${siteId} ${row.uri}`);
        if (row.slug !== null) slugs.add(`${p.spec.containerId} ${row.slug}`);
      }
      count++;
    }
    return { rows, checked, count };
  }

  /**
   * The rows a structure entry's URIs go under: its stored parent's, or those just made for its
   * parent in the batch; undefined when that parent's slug was made unique (a caller matching
   * parents by slug would not have found it: the single save decides).
   */
  private parentSites(
    p: Prepared,
    prepared: readonly Prepared[],
    ofInput: ReadonlyMap<number, ReadonlyMap<number, SiteRow>>,
  ): ReadonlyMap<number, SiteRow> | undefined {
    const parent = p.place?.parent ?? null;
    if (parent === null) return new Map();
    if ('stored' in parent) return p.place?.parentSites ?? new Map();
    const sites = ofInput.get(parent.index);
    const slug = prepared[parent.index].naturalSlug;
    if (sites === undefined || [...sites.values()].some((row) => row.slug !== slug)) {
      return undefined;
    }
    return sites;
  }
}
