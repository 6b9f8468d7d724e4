import { randomUUID } from 'node:crypto';
import { containsNul } from '../../../infra/http/validation/unstorable-text';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ElementKinds } from '../../model/element-kinds';
import type { ElementRows, NewElement, SiteRowWrite } from './element-rows';
import { entryAuthors, entrySpec } from './entry-spec';
import { newElementRow, splitSaveValues } from './element-save';
import type { SaveSpec } from './save-spec';
import { siteRowsOf } from './element-sites';
import { slugify } from './slug';
import { ProblemList } from './write-error';
import type { EntryInput, SavedElement } from './write-input';

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
}

/** The site rows of the batch's inputs, up to the first one that must be saved alone. */
interface Computed {
  readonly rows: { elementId: number; siteId: number; row: SiteRowWrite }[];
  readonly count: number;
  /** `siteId uri` of every URI the rows were checked for (their own and the tried ones). */
  readonly checked: [number, string][];
}

/**
 * New entries of channel sections saved together: the importer's pass one (docs/content-import.md). Each
 * input is checked and made into rows exactly as `ElementWriter.saveEntry` would (the same
 * spec, value checks, titles, slugs, URIs made unique, search text), but the rows are
 * written with a few statements per batch: ids from the sequence, one insert of the element
 * rows, one of the site rows, one of the authors; the authors' kinds and the URIs other
 * elements hold are read with one query each.
 *
 * The batch saves a prefix of its inputs and stops before the first input the single save must
 * handle: one that is not new in a channel section, names a parent or blocks or relation values
 * (those are the caller's second pass), has any problem (the single save reports it), or whose
 * natural slug an earlier input of the batch was given (made unique: the single save matches
 * it). The caller verified that the inputs' uids and natural slugs name no stored element.
 */
export class EntryBatchSave {
  constructor(
    private readonly rows: ElementRows,
    private readonly now: () => Date,
  ) {}

  async save(inputs: readonly EntryInput[], model: ContentModelIndex): Promise<SavedElement[]> {
    if (inputs.length === 0) return [];
    const now = this.now();
    const authorKinds = await this.rows.kindsOf([
      ...new Set(inputs.flatMap((input) => entryAuthors(input) ?? [])),
    ]);
    const ids = await this.rows.nextIds(inputs.length);
    const prepared: Prepared[] = [];
    for (const [index, input] of inputs.entries()) {
      const one = this.prepare(input, ids[index], model, now, authorKinds);
      if (one === undefined) break;
      prepared.push(one);
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
    input: EntryInput,
    id: number,
    model: ContentModelIndex,
    now: Date,
    authorKinds: ReadonlyMap<number, string>,
  ): Prepared | undefined {
    const section = model.sections.id(input.sectionId);
    const type = section?.entryTypes.find((t) => t.id === input.typeId);
    if (section?.type !== 'channel' || type === undefined) return undefined;
    if (input.parentId !== undefined || input.placement !== undefined) return undefined;
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

  /** The site rows of the inputs in order, each URI unique among the batch's earlier ones. */
  private async compute(
    prepared: readonly Prepared[],
    model: ContentModelIndex,
    now: Date,
    takenInStore: (siteId: number, uri: string) => boolean | Promise<boolean>,
  ): Promise<Computed> {
    const rows: Computed['rows'] = [];
    const checked: [number, string][] = [];
    const uris = new Set<string>();
    const slugs = new Set<string>();
    let count = 0;
    for (const p of prepared) {
      if (slugs.has(`${p.spec.containerId} ${p.naturalSlug}`)) break;
      const problems = new ProblemList();
      const saved = { id: p.element.id, uid: p.element.uid, created: true };
      const made = await siteRowsOf(p.spec, saved, p.plain, problems, model, now, {
        blockText: new Map(),
        previousSites: new Map(),
        parentSites: new Map(),
        uriTaken: (siteId, uri) => {
          checked.push([siteId, uri]);
          return uris.has(`${siteId} ${uri}`) || takenInStore(siteId, uri);
        },
      });
      if (!problems.empty) break;
      for (const [siteId, row] of made.rows) {
        rows.push({ elementId: p.element.id, siteId, row });
        if (row.uri !== null) uris.add(`${siteId} ${row.uri}`);
        if (row.slug !== null) slugs.add(`${p.spec.containerId} ${row.slug}`);
      }
      count++;
    }
    return { rows, checked, count };
  }
}
