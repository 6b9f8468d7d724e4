import { Injectable, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Clock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/database/database';
import { UsersService } from '../../../identity';
import { Settings } from '../../../settings/settings';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ContentModelSource } from '../../model/content-model.source';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import { AssetSave } from './asset-save';
import { ElementRows } from './element-rows';
import { ExtensionAllowList } from './extension-allow-list';
import { checkElementKind, existingElement } from './referenced-elements';
import { ElementSave } from './element-save';
import { isRelationField, RelationRows } from './relation-rows';
import { type RelationValues, saveRelationBatch } from './relation-batch';
import { allSiteIds, globalSetSpec, type SaveSpec, siteSettingsMaps } from './save-spec';
import { StructureNodes } from './structure-nodes';
import { UriTrees } from './uri-trees';
import { entryAuthors, entrySpec } from './entry-spec';
import { EntryBatchSave } from './save-batch';
import { identityUserOf, UserRows } from './user-rows';
import { VolumeFiles } from './volume-files';
import { ElementWriteError, ProblemList } from './write-error';
import type {
  AssetInput,
  CategoryInput,
  EntryInput,
  GlobalSetContentInput,
  NewEntryInput,
  SavedElement,
  TagInput,
  UserInput,
} from './write-input';

/** Advisory lock key of the boot writes (any constant no other lock uses). */
const BOOT_WRITES_LOCK = 7_283_345_100;

/**
 * The content store's write side, and the only code that writes content elements: entries,
 * categories, tags, global sets, assets (with their files), users' content, matrix blocks,
 * relations and structure positions. Each save is an upsert by uid and runs in one
 * `database.transaction` (joining the caller's, so an import commits all or nothing).
 * Handles are resolved by the caller; invalid input throws ElementWriteError naming the
 * field or property, before anything of that element is written. Asset files go through
 * VolumeFiles and appear in the volume only when the transaction commits.
 */
@Injectable()
export class ElementWriter {
  private readonly rows: ElementRows;
  private readonly structures: StructureNodes;
  private readonly relations: RelationRows;
  private readonly userRows: UserRows;
  private readonly uriTrees: UriTrees;
  private readonly saves: ElementSave;
  /** Assets: the kind with a file (asset-save.ts). */
  private readonly assets: AssetSave;
  private readonly entryBatch: EntryBatchSave;

  constructor(
    private readonly database: Database,
    private readonly models: ContentModelSource,
    private readonly users: UsersService,
    private readonly clock: Clock,
    files: VolumeFiles,
    @Optional() settings?: Settings,
  ) {
    this.rows = new ElementRows(database);
    this.structures = new StructureNodes(database);
    this.relations = new RelationRows(database);
    this.userRows = new UserRows(database);
    this.uriTrees = new UriTrees(this.rows, this.structures);
    this.saves = new ElementSave(this.rows, this.structures, this.relations, this.uriTrees, () =>
      this.now(),
    );
    this.entryBatch = new EntryBatchSave(this.rows, this.structures, () => this.now());
    this.assets = new AssetSave(
      database,
      models,
      this.rows,
      this.saves,
      files,
      new ExtensionAllowList(settings?.content.allowedFileExtensions),
      () => this.now(),
    );
  }

  private get model(): ContentModelIndex {
    return this.models.current;
  }

  /**
   * Inside the caller's transaction, waits for other instances' boot writes (the seed, the model's
   * own elements) to commit, so instances booting together against one PostgreSQL never create
   * the same element twice.
   */
  async lockBootWrites(): Promise<void> {
    await this.database.executor.execute(sql`SELECT pg_advisory_xact_lock(${BOOT_WRITES_LOCK})`);
  }

  private now(): Date {
    return new Date(this.clock.nowMs());
  }

  /** The shared save (element-save.ts), in the current model unless given one. */
  private save(
    spec: SaveSpec,
    problems: ProblemList,
    model: ContentModelIndex = this.model,
  ): Promise<SavedElement> {
    return this.saves.save(spec, problems, model);
  }

  saveEntry(input: EntryInput): Promise<SavedElement> {
    return this.database.transaction(async () => {
      const model = this.model;
      const problems = new ProblemList();
      const section = model.sections.id(input.sectionId);
      if (section === undefined) {
        throw new ElementWriteError([`section ${input.sectionId} does not exist`]);
      }
      const type = section.entryTypes.find((t) => t.id === input.typeId);
      if (type === undefined) {
        throw new ElementWriteError([
          `entry type ${input.typeId} is not an entry type of section "${section.handle}"`,
        ]);
      }
      let existing = await existingElement(
        this.rows,
        input.uid,
        ElementKinds.entry,
        section.id,
        problems,
      );
      if (section.type === 'single' && existing === undefined) {
        const [single] = await this.rows.inContainer(ElementKinds.entry, section.id);
        if (single !== undefined && input.uid !== undefined) {
          problems.add(`the single section "${section.handle}" has its entry (${single.uid})`);
        }
        existing = single;
      }
      if (input.parentId !== undefined && input.parentId !== null && section.type !== 'structure') {
        problems.add(`parent: section "${section.handle}" is not a structure`);
      }
      if (input.placement !== undefined && section.type !== 'structure') {
        problems.add(`placement: section "${section.handle}" is not a structure`);
      }
      const authors = entryAuthors(input);
      for (const authorId of authors ?? []) {
        await checkElementKind(this.rows, authorId, ElementKinds.user, 'author', problems);
      }
      const saved = await this.save(
        entrySpec(model, section, type, input, existing, authors, this.now()),
        problems,
      );
      if (authors !== undefined) await this.rows.replaceEntryAuthors(saved.id, authors);
      return saved;
    });
  }

  /**
   * New entries of channel and structure sections, saved together (save-batch.ts): those of a
   * prefix of `inputs`, up to the first that `saveEntry` must save alone. Their uids and slugs
   * must name no stored element.
   */
  saveNewEntries(inputs: readonly NewEntryInput[]): Promise<SavedElement[]> {
    return this.database.transaction(() => this.entryBatch.save(inputs, this.model));
  }

  saveCategory(input: CategoryInput): Promise<SavedElement> {
    return this.database.transaction(async () => {
      const model = this.model;
      const problems = new ProblemList();
      const group = model.categoryGroups.id(input.groupId);
      if (group === undefined) {
        throw new ElementWriteError([`category group ${input.groupId} does not exist`]);
      }
      const existing = await existingElement(
        this.rows,
        input.uid,
        ElementKinds.category,
        group.id,
        problems,
      );
      const sites = siteSettingsMaps(group.siteSettings, model);
      return this.save(
        {
          kind: ElementKinds.category,
          containerId: group.id,
          where: `category group "${group.handle}"`,
          layout: group.fields,
          siteIds: sites.siteIds,
          uriFormats: sites.uriFormats,
          enabledByDefault: sites.enabledByDefault,
          structure: { id: group.id, maxLevels: group.maxLevels, prefixParent: false },
          parentId: input.parentId,
          placement: input.placement,
          title: { mode: 'required' },
          hasSlug: true,
          content: input,
          existing,
          columns: {},
        },
        problems,
      );
    });
  }

  saveTag(input: TagInput): Promise<SavedElement> {
    return this.database.transaction(async () => {
      const model = this.model;
      const problems = new ProblemList();
      const group = model.tagGroups.id(input.groupId);
      if (group === undefined) {
        throw new ElementWriteError([`tag group ${input.groupId} does not exist`]);
      }
      const existing = await existingElement(
        this.rows,
        input.uid,
        ElementKinds.tag,
        group.id,
        problems,
      );
      return this.save(
        {
          kind: ElementKinds.tag,
          containerId: group.id,
          where: `tag group "${group.handle}"`,
          layout: group.fields,
          siteIds: allSiteIds(model),
          title: { mode: 'required' },
          hasSlug: true,
          content: input,
          existing,
          columns: {},
        },
        problems,
      );
    });
  }

  /** The content of a global set's one element (created first when missing). */
  saveGlobalSet(input: GlobalSetContentInput): Promise<SavedElement> {
    return this.database.transaction(async () => {
      const model = this.model;
      const set = model.globalSets.id(input.globalSetId);
      if (set === undefined) {
        throw new ElementWriteError([`global set ${input.globalSetId} does not exist`]);
      }
      const [existing] = await this.rows.inContainer(ElementKinds.globalSet, set.id);
      const content = {
        uid: existing?.uid ?? (await this.freeUid(set.uid)),
        fields: input.fields,
        sites: input.sites,
        dateUpdated: input.dateUpdated,
      };
      return this.save(globalSetSpec(set, model, content, existing), new ProblemList());
    });
  }

  /** An asset with its file, placed in the volume when the transaction commits (asset-save.ts). */
  saveAsset(input: AssetInput): Promise<SavedElement> {
    return this.database.transaction(() => this.assets.save(input));
  }

  /**
   * A user: the identity user (the one the teams API sees) is created through UsersService when
   * no user has this login, with its user element made by the database trigger; then its user
   * groups, photo and user-field content are written. An existing user's login, email and name
   * are not changed here (identity owns them).
   */
  saveUser(input: UserInput): Promise<SavedElement> {
    return this.database.transaction(async () => {
      const model = this.model;
      const problems = new ProblemList();
      for (const groupId of input.groupIds ?? []) {
        if (model.userGroups.id(groupId) === undefined) {
          problems.add(`groups: user group ${groupId} does not exist`);
        }
      }
      if (input.photoId !== undefined && input.photoId !== null) {
        await checkElementKind(this.rows, input.photoId, ElementKinds.asset, 'photo', problems);
      }
      problems.throwIfAny();
      const { user: identityUser, created } = await identityUserOf(this.users, input);
      const element = await this.userRows.elementOf(Number(identityUser.id));
      if (element === undefined) {
        throw new ElementWriteError([`user "${input.username}" has no user element`]);
      }
      if (input.groupIds !== undefined) {
        await this.userRows.replaceGroups(Number(identityUser.id), input.groupIds);
      }
      const saved = await this.save(
        {
          kind: ElementKinds.user,
          containerId: null,
          where: 'the user field layout',
          layout: model.model.userFields,
          siteIds: allSiteIds(model),
          title: { mode: 'none' },
          hasSlug: false,
          content: { uid: element.uid, fields: input.fields, sites: input.sites },
          existing: await this.rows.byId(element.id),
          columns: { photoId: input.photoId },
          extraSearch: [identityUser.login, identityUser.name, identityUser.email],
        },
        problems,
      );
      return { ...saved, created };
    });
  }

  /**
   * Replaces one relation field's targets of an element (validated like saved values). Without
   * `siteId`, a translatable field gets the targets in every site the element has.
   */
  saveRelations(
    sourceId: number,
    fieldId: number,
    targetIds: readonly number[],
    siteId?: number,
  ): Promise<void> {
    return this.database.transaction(async () => {
      const model = this.model;
      const field = model.field(fieldId);
      if (field === undefined || !isRelationField(field)) {
        throw new ElementWriteError([`field ${fieldId} is not a relation field`]);
      }
      const problems = new ProblemList();
      if (siteId !== undefined && !field.translatable) {
        problems.add(`field "${field.handle}": not translatable, so it has no per-site values`);
      }
      const ids = await this.relations.validate(field, targetIds, model, problems);
      problems.throwIfAny();
      const sites = field.translatable
        ? siteId !== undefined
          ? [siteId]
          : [...(await this.rows.siteRows(sourceId)).keys()]
        : [null];
      for (const site of sites) await this.relations.replace(field.id, sourceId, site, ids!);
    });
  }

  /**
   * `saveRelations` for many values in a few statements (relation-batch.ts): each value's
   * problems in order (empty: written). A (source, field) pair must not repeat in one call.
   */
  saveRelationBatch(values: readonly RelationValues[]): Promise<string[][]> {
    return this.database.transaction(() => saveRelationBatch(this.relations, this.model, values));
  }

  /**
   * Craft's soft delete of an entry, asset, category or tag: the element gets its `dateDeleted`
   * (queries leave it out; `trashed: true` finds it) and keeps its content, relations, blocks and,
   * for assets, its file. In a structure it leaves its place and its children move up into it, as
   * Craft does; their URIs follow. False when no such live element exists.
   */
  deleteElement(id: number, kinds: readonly ElementKind[]): Promise<boolean> {
    return this.database.transaction(async () => {
      const element = await this.rows.byId(id);
      if (element === undefined || !kinds.includes(element.kind)) return false;
      if (!(await this.rows.trash(id, this.now()))) return false;
      const removed = await this.structures.remove(id);
      if (removed === undefined || removed.children.length === 0) return true;
      const rules = this.uriTrees.rulesOf(element, this.model);
      for (const child of removed.children) {
        await this.uriTrees.refreshTree(child, removed.parentId, rules);
      }
      return true;
    });
  }

  /** Every global set of the model has its one element, with a row in every site. */
  ensureGlobalSets(model: ContentModelIndex): Promise<number> {
    return this.database.transaction(async () => {
      let created = 0;
      for (const set of model.model.globalSets) {
        const [existing] = await this.rows.inContainer(ElementKinds.globalSet, set.id);
        if (existing !== undefined) {
          const sites = await this.rows.siteRows(existing.id);
          const complete = model.sites.all.every((site) => sites.get(site.id)?.title === set.name);
          if (complete) continue;
        }
        const content = { uid: existing?.uid ?? (await this.freeUid(set.uid)) };
        await this.save(globalSetSpec(set, model, content, existing), new ProblemList(), model);
        if (existing === undefined) created++;
      }
      return created;
    });
  }

  /** Every single section has its entry (Craft creates it with the section: title = name). */
  ensureSingles(model: ContentModelIndex): Promise<number> {
    return this.database.transaction(async () => {
      let created = 0;
      for (const section of model.model.sections) {
        if (section.type !== 'single' || section.entryTypes.length === 0) continue;
        if ((await this.rows.inContainer(ElementKinds.entry, section.id)).length > 0) continue;
        const type = section.entryTypes[0];
        await this.saveEntry({
          sectionId: section.id,
          typeId: type.id,
          title: section.name,
          slug: section.handle,
        });
        created++;
      }
      return created;
    });
  }

  /** Every user element has a row in every site (users made through the teams API too). */
  ensureUserSites(model: ContentModelIndex): Promise<number> {
    return this.database.transaction(() => this.userRows.ensureSiteRows(allSiteIds(model)));
  }

  /** `preferred` unless an element holds it (a global set's element takes the set's uid). */
  private async freeUid(preferred: string): Promise<string> {
    return (await this.rows.byUid(preferred)) === undefined ? preferred : randomUUID();
  }
}
