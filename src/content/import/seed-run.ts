import { resolve } from 'node:path';
import type {
  GivenDates,
  ImportCounts,
  LoadListener,
  LoadProgress,
  LoadTracker,
} from './load-tracker';
import type { ElementStatesRepository } from './element-states.repository';
import type { Field } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';
import { type ElementKind, ElementKinds } from '../model/element-kinds';
import type { ElementWriter } from '../store/write/element-writer';
import { normalizeFolderPath } from '../store/write/asset-rows';
import { ElementWriteError, ProblemList } from '../store/write/write-error';
import type { EntryInput, SavedElement } from '../store/write/write-input';
import type { ElementKey, ElementLookups } from '../store/write/element-lookups';
import { slugify } from '../store/write/slug';
import {
  parentsFirst,
  SEED_KINDS,
  type SeedAsset,
  type SeedCategory,
  type SeedDocument,
  type SeedEntry,
  type SeedGlobalSet,
  type SeedKind,
  type SeedTag,
  type SeedUser,
} from './seed-document';
import { SeedReferenceError, SeedReferences } from './seed-references';
import { SeedRelationPass } from './seed-relations';
import { RelationSpool } from './relation-spool';
import { holdsNestedElements } from '../model/field-types';
import { type ContentItem, type PreparedContent, prepareContent } from './prepared-content';
import { StatisticsSchedule } from './statistics-schedule';
import { type EntryCandidate, SeedEntryBatches } from './seed-entry-batches';
import type { EntrySource } from './streamed-entries';

/** Every problem of a content load; nothing of it was written. */
export class SeedContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`the content could not be loaded:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SeedContentError';
  }
}

const ELEMENT_KIND_OF: Record<SeedKind, ElementKind> = {
  users: ElementKinds.user,
  assets: ElementKinds.asset,
  categories: ElementKinds.category,
  tags: ElementKinds.tag,
  globalSets: ElementKinds.globalSet,
  entries: ElementKinds.entry,
};

/** Dates an item gives itself (compared like content when telling updated from unchanged). */
const givenDates = (item: { dateUpdated?: Date; dateModified?: Date }): GivenDates => ({
  dateUpdated: item.dateUpdated !== undefined,
  dateModified: item.dateModified !== undefined,
});

/**
 * One load of a content document, inside the caller's transaction. Pass one writes the items
 * kind by kind (users, assets, categories, tags, global sets, entries; parents before their
 * children) without relation values; pass two writes the relations, so items may point at
 * items further down. Problems are collected item by item and thrown together at the end.
 *
 * Each item updates the element it matches, else creates one: by uid; without a uid, or with
 * one the store does not hold, by natural key (entries by section and slug, singles by
 * section, categories and tags by group and slug, assets by volume, folder and filename, users
 * by username, global sets by handle), so that a file never duplicates what is there. An
 * element this load wrote already is not matched by natural key for an item with a uid (two
 * items with distinct uids and one slug stay two elements).
 */
export class SeedRun {
  private readonly problems: string[] = [];
  private readonly pending = new RelationSpool();
  private readonly photos: { at: string; user: SeedUser }[] = [];
  private readonly references: SeedReferences;
  private readonly statistics: StatisticsSchedule;

  constructor(
    private readonly model: ContentModelIndex,
    private readonly writer: ElementWriter,
    private readonly lookups: ElementLookups,
    private readonly states: ElementStatesRepository,
    private readonly tracker: LoadTracker,
    private readonly listener: LoadListener = () => undefined,
    refreshStatistics: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.references = new SeedReferences(model, lookups);
    this.statistics = new StatisticsSchedule(refreshStatistics);
  }

  /**
   * Loads the document. `entries`: the load's entries come from there instead (already in load
   * order; the document's own list is ignored), as the command streams them file by file.
   */
  async run(document: SeedDocument, entries?: EntrySource): Promise<ImportCounts> {
    try {
      return await this.load(document, entries);
    } finally {
      this.pending.close();
    }
  }

  private async load(document: SeedDocument, entries?: EntrySource): Promise<ImportCounts> {
    const source = entries ?? {
      count: document.entries.length,
      entries: parentsFirst(document.entries, (e) => e.section),
    };
    const items =
      SEED_KINDS.reduce((sum, kind) => sum + (kind === 'entries' ? 0 : document[kind].length), 0) +
      source.count;
    const progress = this.counter('items', items);
    for (const user of document.users) {
      await progress(this.item(`${user.at} (${user.username})`, () => this.user(user)));
    }
    for (const asset of document.assets) {
      const path = `${asset.volume}/${asset.folder ? `${asset.folder}/` : ''}${asset.filename}`;
      await progress(this.item(`${asset.at} (${path})`, () => this.asset(asset)));
    }
    for (const category of parentsFirst(document.categories, (c) => c.group)) {
      await progress(
        this.item(`${category.at} (${category.group}/${this.slugOf(category)})`, () =>
          this.category(category),
        ),
      );
    }
    for (const tag of document.tags) {
      await progress(
        this.item(`${tag.at} (${tag.group}/${this.slugOf(tag)})`, () => this.tag(tag)),
      );
    }
    for (const set of document.globalSets) {
      await progress(this.item(`${set.at} (${set.handle})`, () => this.globalSet(set)));
    }
    const batches = new SeedEntryBatches(
      this.writer,
      this.lookups,
      this.model.sites.all.map((site) => site.id),
      (entry) =>
        progress(
          this.item(`${entry.at} (${entry.section}/${this.slugOf(entry)})`, () =>
            this.entry(entry),
          ),
        ),
      (candidate) => this.storedParent(candidate),
    );
    for (const entry of source.entries) {
      await batches.add(entry, await this.newEntry(entry, progress));
    }
    await batches.flush();
    const linked = this.counter('relations', this.pending.count + this.photos.length);
    await new SeedRelationPass(this.writer, this.references, this.problems, (at, work) =>
      this.item(at, work),
    ).run(this.pending, linked);
    for (const { at, user } of this.photos) await linked(this.item(at, () => this.photo(user)));
    if (this.problems.length > 0) throw new SeedContentError(this.problems);
    return this.tracker.finish();
  }

  /**
   * Reports the phase's progress after each step (and once at its start); a step that wrote
   * rows look-ups depend on counts towards the statistics' refresh.
   */
  private counter(phase: LoadProgress['phase'], total: number) {
    let done = 0;
    if (total > 0) this.listener({ phase, done, total });
    return async (step: Promise<void>, counts = true) => {
      await step;
      if (counts) await this.statistics.step();
      this.listener({ phase, done: ++done, total });
    };
  }

  private async item(at: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof ElementWriteError) {
        this.problems.push(...error.problems.map((problem) => `${at}: ${problem}`));
      } else if (error instanceof SeedReferenceError) this.problems.push(`${at}: ${error.message}`);
      else throw error;
    }
  }

  private slugOf(item: { slug?: string; title?: string | null }): string {
    return item.slug ?? slugify(item.title ?? '');
  }

  /**
   * The element an item updates (see the class comment), announced to the tracker before it
   * is written; undefined: the item creates one.
   */
  private async match(
    kind: SeedKind,
    item: { uid?: string; dateUpdated?: Date; dateModified?: Date },
    natural: () => Promise<ElementKey | undefined>,
  ): Promise<ElementKey | undefined> {
    let found: ElementKey | undefined =
      item.uid === undefined ? undefined : await this.lookups.byUid(item.uid);
    if (found === undefined) {
      const candidate = await natural();
      const claimed =
        candidate !== undefined && item.uid !== undefined && this.tracker.has(candidate.id);
      found = claimed ? undefined : candidate;
    }
    if (found !== undefined) await this.tracker.beforeWrite(kind, found.id, givenDates(item));
    return found;
  }

  private async user(user: SeedUser): Promise<void> {
    const groupIds = (user.groups ?? []).map((handle) => {
      const group = this.model.userGroups.handle(handle);
      if (group === undefined) throw new ElementWriteError([`groups: no user group "${handle}"`]);
      return group.id;
    });
    const content = this.prepare(this.model.model.userFields, user, user.at);
    await this.match('users', {}, () => this.lookups.user(user.username));
    const saved = await this.writer.saveUser({
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      password: user.password,
      groupIds: user.groups === undefined ? undefined : groupIds,
      fields: content.fields,
      sites: content.sites,
    });
    this.written('users', saved, content, {});
    if (user.photo !== undefined) this.photos.push({ at: `${user.at} (${user.username})`, user });
  }

  private async photo(user: SeedUser): Promise<void> {
    const photoId = await this.references.resolve(ElementKinds.asset, user.photo!);
    await this.writer.saveUser({ username: user.username, email: user.email, photoId });
  }

  private async asset(asset: SeedAsset): Promise<void> {
    const volume = this.model.volumes.handle(asset.volume);
    if (volume === undefined) throw new ElementWriteError([`volume: no volume "${asset.volume}"`]);
    const content = this.prepare(volume.fields, asset, asset.at);
    // An invalid folder finds nothing here; the writer names the problem.
    const folder = normalizeFolderPath(asset.folder ?? '', new ProblemList());
    const existing = await this.match('assets', asset, async () =>
      folder === undefined ? undefined : this.lookups.asset(volume.id, folder, asset.filename),
    );
    const saved = await this.writer.saveAsset({
      ...this.common(asset, existing),
      fields: content.fields,
      sites: content.sites,
      volumeId: volume.id,
      folderPath: asset.folder ?? '',
      filename: asset.filename,
      sourceFile: resolve(asset.dir, asset.file ?? asset.filename),
      alt: asset.alt,
      focalPoint: asset.focalPoint,
      uploaderId:
        asset.uploader === undefined
          ? undefined
          : await this.references.resolve(ElementKinds.user, asset.uploader),
      dateModified: asset.dateModified,
    });
    this.written('assets', saved, content, asset);
  }

  private async category(category: SeedCategory): Promise<void> {
    const group = this.model.categoryGroups.handle(category.group);
    if (group === undefined) {
      throw new ElementWriteError([`group: no category group "${category.group}"`]);
    }
    const content = this.prepare(group.fields, category, category.at);
    const existing = await this.match('categories', category, () =>
      this.bySlug(ElementKinds.category, group.id, category),
    );
    const saved = await this.writer.saveCategory({
      ...this.common(category, existing),
      fields: content.fields,
      sites: content.sites,
      groupId: group.id,
      parentId: await this.parent(ElementKinds.category, group.id, category.parent),
    });
    this.written('categories', saved, content, category);
  }

  private async tag(tag: SeedTag): Promise<void> {
    const group = this.model.tagGroups.handle(tag.group);
    if (group === undefined) throw new ElementWriteError([`group: no tag group "${tag.group}"`]);
    const content = this.prepare(group.fields, tag, tag.at);
    const existing = await this.match('tags', tag, () =>
      this.bySlug(ElementKinds.tag, group.id, tag),
    );
    const saved = await this.writer.saveTag({
      ...this.common(tag, existing),
      fields: content.fields,
      sites: content.sites,
      groupId: group.id,
    });
    this.written('tags', saved, content, tag);
  }

  private async globalSet(set: SeedGlobalSet): Promise<void> {
    const globalSet = this.model.globalSets.handle(set.handle);
    if (globalSet === undefined) {
      throw new ElementWriteError([`handle: no global set "${set.handle}"`]);
    }
    const content = this.prepare(globalSet.fields, set, set.at);
    await this.match('globalSets', set, () => this.states.globalSetElement(globalSet.id));
    const saved = await this.writer.saveGlobalSet({
      globalSetId: globalSet.id,
      fields: content.fields,
      sites: content.sites,
      dateUpdated: set.dateUpdated,
    });
    this.written('globalSets', saved, content, set);
  }

  private async entry(entry: SeedEntry): Promise<void> {
    const section = this.model.sections.handle(entry.section);
    if (section === undefined) {
      throw new ElementWriteError([`section: no section "${entry.section}"`]);
    }
    const type =
      entry.type === undefined
        ? section.entryTypes[0]
        : section.entryTypes.find((t) => t.handle === entry.type);
    if (type === undefined) {
      throw new ElementWriteError([
        `type: section "${section.handle}" has no entry type "${entry.type}" (types: ${section.entryTypes.map((t) => t.handle).join(', ')})`,
      ]);
    }
    const content = this.prepare(type.fields, entry, entry.at);
    const existing = await this.match('entries', entry, () =>
      section.type === 'single'
        ? this.lookups.single(section.id)
        : this.bySlug(ElementKinds.entry, section.id, entry),
    );
    const saved = await this.writer.saveEntry({
      ...(await this.entryInput(entry, existing, content, section.id, type.id)),
      parentId: await this.parent(ElementKinds.entry, section.id, entry.parent),
    });
    this.written('entries', saved, content, entry);
  }

  /**
   * An entry that may be new, for the batch (seed-entry-batches.ts); undefined when it must be
   * saved alone: in a single section, with a parent outside a structure, with matrix blocks, or
   * with a problem (the single save reports it in its turn). A structure entry's parent is
   * found when its batch is written.
   */
  private async newEntry(
    entry: SeedEntry,
    progress: (step: Promise<void>) => Promise<void>,
  ): Promise<EntryCandidate | undefined> {
    const section = this.model.sections.handle(entry.section);
    if (section === undefined || section.type === 'single') return undefined;
    if (section.type === 'channel' && entry.parent !== undefined) return undefined;
    const type =
      entry.type === undefined
        ? section.entryTypes[0]
        : section.entryTypes.find((t) => t.handle === entry.type);
    const slug = this.slugOf(entry);
    if (type === undefined || slug === '') return undefined;
    const nested = type.fields.some(
      (field) => holdsNestedElements(field.type) && entry.fields?.[field.handle] !== undefined,
    );
    if (nested) return undefined;
    try {
      const content = this.prepare(type.fields, entry, entry.at);
      const input = await this.entryInput(entry, undefined, content, section.id, type.id);
      return {
        entry,
        input,
        sectionId: section.id,
        slug,
        parent: entry.parent,
        written: (saved) => {
          this.written('entries', saved, content, entry);
          return progress(Promise.resolve());
        },
      };
    } catch (error) {
      if (error instanceof ElementWriteError || error instanceof SeedReferenceError) {
        return undefined;
      }
      throw error;
    }
  }

  /** A batched entry's parent as the single save would find it now; undefined: none. */
  private async storedParent(candidate: EntryCandidate): Promise<number | undefined> {
    try {
      return (
        (await this.parent(ElementKinds.entry, candidate.sectionId, candidate.parent)) ?? undefined
      );
    } catch (error) {
      if (error instanceof SeedReferenceError) return undefined;
      throw error;
    }
  }

  private written(
    kind: SeedKind,
    saved: SavedElement,
    content: PreparedContent,
    dates: { dateUpdated?: Date; dateModified?: Date },
  ): void {
    content.written(saved);
    this.references.written(ELEMENT_KIND_OF[kind]);
    this.tracker.written(kind, saved, givenDates(dates));
  }

  /** The element's own properties; the uid is the matched element's, or the item's for a new one. */
  /** What an entry's save is given, the single save and the batch alike (no structure parent). */
  private async entryInput(
    entry: SeedEntry,
    existing: ElementKey | undefined,
    content: PreparedContent,
    sectionId: number,
    typeId: number,
  ): Promise<EntryInput> {
    return {
      ...this.common(entry, existing),
      fields: content.fields,
      sites: content.sites,
      sectionId,
      typeId,
      authorId:
        entry.author === undefined
          ? undefined
          : await this.references.resolve(ElementKinds.user, entry.author),
      authorIds: entry.authors === undefined ? undefined : await this.users(entry.authors),
      postDate: entry.postDate,
      expiryDate: entry.expiryDate,
      archived: entry.archived,
    };
  }

  private common(
    item: {
      uid?: string;
      enabled?: boolean;
      dateCreated?: Date;
      dateUpdated?: Date;
      title?: string | null;
      slug?: string;
    },
    existing: ElementKey | undefined,
  ) {
    return {
      uid: existing?.uid ?? item.uid,
      enabled: item.enabled,
      dateCreated: item.dateCreated,
      dateUpdated: item.dateUpdated,
      title: item.title,
      slug: item.slug,
    };
  }

  private bySlug(
    kind: ElementKind,
    containerId: number,
    item: { slug?: string; title?: string | null },
  ): Promise<ElementKey | undefined> {
    return this.references.bySlug(kind, containerId, this.slugOf(item));
  }

  private async parent(
    kind: 'entry' | 'category',
    containerId: number,
    parent: string | undefined,
  ): Promise<number | null | undefined> {
    if (parent === undefined) return undefined;
    const found =
      (await this.references.bySlug(kind, containerId, parent)) ??
      (await this.references.find(kind, parent));
    if (found === undefined) throw new SeedReferenceError(`parent: no ${kind} "${parent}" here`);
    return found.id;
  }

  /** Splits an item's values for pass one (prepared-content.ts); relation values wait. */
  private prepare(layout: readonly Field[], item: ContentItem, at: string): PreparedContent {
    return prepareContent(this.model, layout, item, at, (relation) => this.pending.push(relation));
  }

  /** User references (usernames, emails or uids) in order, one look-up at a time. */
  private async users(names: readonly string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) ids.push(await this.references.resolve(ElementKinds.user, name));
    return ids;
  }
}
