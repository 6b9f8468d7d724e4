import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Clock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/database/database';
import { IdentityError } from '../../../identity/identity.errors';
import { UsersService } from '../../../identity/users/users.service';
import type { Field, MatrixBlockType, SectionSiteSettings } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ContentModelSource } from '../../model/content-model.source';
import type { ElementKind } from '../element-criteria';
import {
  AssetRows,
  checkFilename,
  type ExistingAsset,
  normalizeFolderPath,
  placeAssetFile,
  volumeFilePath,
} from './asset-rows';
import { ElementWriteError, ProblemList } from './write-error';
import { freeFilename } from './filenames';
import type {
  AssetInput,
  BlockInput,
  CategoryInput,
  ElementContentInput,
  EntryInput,
  FieldValues,
  GlobalSetContentInput,
  SavedElement,
  SiteContentInput,
  TagInput,
  UserInput,
} from './write-input';
import { isRelationField, RelationRows } from './relation-rows';
import {
  type ElementColumns,
  ElementRows,
  type ExistingElement,
  type SiteRow,
} from './element-rows';
import { searchText } from './search-text';
import { slugify, titleFromFilename } from './slug';
import { type StructurePlacement, type StructureSpec, StructureNodes } from './structure-nodes';
import { renderUri, unsupportedUriTokens, usesSlug } from './uri';
import { UserRows } from './user-rows';
import { defaultFieldValue, normalizeFieldValue } from './field-values';

/** How one kind of element is saved (built by the public save methods). */
interface SaveSpec {
  readonly kind: ElementKind;
  readonly containerId: number | null;
  /** Describes the container in messages, e.g. `section "news", entry type "article"`. */
  readonly where: string;
  readonly layout: readonly Field[];
  readonly siteIds: readonly number[];
  readonly uriFormats?: ReadonlyMap<number, string>;
  readonly enabledByDefault?: ReadonlyMap<number, boolean>;
  readonly structure?: StructureSpec & { readonly prefixParent: boolean };
  readonly parentId?: number | null;
  /** Craft's structure operations; win over parentId. */
  readonly placement?: StructurePlacement;
  readonly title: TitleRule;
  readonly hasSlug: boolean;
  readonly defaultSlug?: string;
  readonly content: ElementContentInput;
  readonly existing: ExistingElement | undefined;
  /** Columns besides the common ones (enabled, archived, dates). */
  readonly columns: ElementColumns;
  /** Columns only a new element gets (defaults such as the post date). */
  readonly newColumns?: ElementColumns;
  readonly extraSearch?: readonly (string | null)[];
  /** Runs once the element row exists (kind-specific rows: assets, memberships). */
  readonly afterRow?: (id: number) => Promise<void>;
}

/** How URIs of a structure's elements are made (refreshed when elements move). */
interface UriRules {
  readonly uriFormats?: ReadonlyMap<number, string>;
  readonly prefixParent: boolean;
}

type TitleRule =
  | { readonly mode: 'required' }
  | { readonly mode: 'optional'; readonly fallback: string }
  | { readonly mode: 'format'; readonly format: string }
  | { readonly mode: 'fixed'; readonly value: string }
  | { readonly mode: 'none' };

/** Field values split by what stores them. */
interface SplitValues {
  readonly plain: Record<string, unknown>;
  readonly relations: Map<Field, unknown>;
  readonly blocks: Map<Field, unknown>;
}

const pick = <T>(...values: (T | undefined)[]): T | undefined =>
  values.find((value) => value !== undefined);

/**
 * The content store's write side, and the only code that writes content elements: entries,
 * categories, tags, global sets, assets (with their files), users' content, matrix blocks,
 * relations and structure positions. Each save is an upsert by uid and runs in one
 * `database.transaction` (joining the caller's, so an import commits all or nothing).
 * Handles are resolved by the caller; invalid input throws ElementWriteError naming the
 * field or property, before anything of that element is written.
 */
/** Advisory lock key of the boot writes (any constant no other lock uses). */
const BOOT_WRITES_LOCK = 7_283_345_100;

@Injectable()
export class ElementWriter {
  private readonly rows: ElementRows;
  private readonly structures: StructureNodes;
  private readonly relations: RelationRows;
  private readonly assetRows: AssetRows;
  private readonly userRows: UserRows;

  constructor(
    private readonly database: Database,
    private readonly models: ContentModelSource,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {
    this.rows = new ElementRows(database);
    this.structures = new StructureNodes(database);
    this.relations = new RelationRows(database);
    this.assetRows = new AssetRows(database);
    this.userRows = new UserRows(database);
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

  saveEntry(input: EntryInput): Promise<SavedElement> {
    return this.database.transaction(async () => {
      const model = this.model;
      const problems = new ProblemList();
      const section = model.sections.id(input.sectionId);
      if (section === undefined)
        throw new ElementWriteError([`section ${input.sectionId} does not exist`]);
      const type = section.entryTypes.find((t) => t.id === input.typeId);
      if (type === undefined)
        throw new ElementWriteError([
          `entry type ${input.typeId} is not an entry type of section "${section.handle}"`,
        ]);
      let existing = await this.existing(input.uid, 'entry', section.id, problems);
      if (section.type === 'single' && existing === undefined) {
        const [single] = await this.rows.inContainer('entry', section.id);
        if (single !== undefined && input.uid !== undefined)
          problems.add(`the single section "${section.handle}" has its entry (${single.uid})`);
        existing = single;
      }
      if (input.parentId !== undefined && input.parentId !== null && section.type !== 'structure')
        problems.add(`parent: section "${section.handle}" is not a structure`);
      if (input.placement !== undefined && section.type !== 'structure')
        problems.add(`placement: section "${section.handle}" is not a structure`);
      if (input.authorId !== undefined && input.authorId !== null)
        await this.checkKind(input.authorId, 'user', 'author', problems);
      const sites = siteSettingsMaps(section.siteSettings, model);
      return this.save(
        {
          kind: 'entry',
          containerId: section.id,
          where: `section "${section.handle}", entry type "${type.handle}"`,
          layout: type.fields,
          siteIds: sites.siteIds,
          uriFormats: sites.uriFormats,
          enabledByDefault: sites.enabledByDefault,
          structure:
            section.type === 'structure'
              ? { id: section.id, maxLevels: section.maxLevels, prefixParent: true }
              : undefined,
          parentId: section.type === 'structure' ? input.parentId : undefined,
          placement: section.type === 'structure' ? input.placement : undefined,
          title: type.hasTitleField
            ? { mode: 'required' }
            : { mode: 'format', format: type.titleFormat },
          hasSlug: true,
          defaultSlug: section.type === 'single' ? section.handle : undefined,
          content: input,
          existing,
          columns: {
            typeId: type.id,
            authorId: input.authorId,
            postDate: input.postDate,
            expiryDate: input.expiryDate,
          },
          newColumns: { postDate: input.postDate ?? this.now() },
        },
        problems,
      );
    });
  }

  saveCategory(input: CategoryInput): Promise<SavedElement> {
    return this.database.transaction(async () => {
      const model = this.model;
      const problems = new ProblemList();
      const group = model.categoryGroups.id(input.groupId);
      if (group === undefined)
        throw new ElementWriteError([`category group ${input.groupId} does not exist`]);
      const existing = await this.existing(input.uid, 'category', group.id, problems);
      const sites = siteSettingsMaps(group.siteSettings, model);
      return this.save(
        {
          kind: 'category',
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
      if (group === undefined)
        throw new ElementWriteError([`tag group ${input.groupId} does not exist`]);
      const existing = await this.existing(input.uid, 'tag', group.id, problems);
      return this.save(
        {
          kind: 'tag',
          containerId: group.id,
          where: `tag group "${group.handle}"`,
          layout: group.fields,
          siteIds: model.sites.all.map((site) => site.id),
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
      if (set === undefined)
        throw new ElementWriteError([`global set ${input.globalSetId} does not exist`]);
      const [existing] = await this.rows.inContainer('globalset', set.id);
      return this.save(
        {
          kind: 'globalset',
          containerId: set.id,
          where: `global set "${set.handle}"`,
          layout: set.fields,
          siteIds: model.sites.all.map((site) => site.id),
          title: { mode: 'fixed', value: set.name },
          hasSlug: false,
          content: {
            uid: existing?.uid ?? (await this.freeUid(set.uid)),
            fields: input.fields,
            sites: input.sites,
            dateUpdated: input.dateUpdated,
          },
          existing,
          columns: {},
        },
        new ProblemList(),
      );
    });
  }

  /**
   * An asset: the file is copied into `<volume path>/<folder>/<filename>` (or must be there),
   * its facts read (size, kind, MIME type, image dimensions), folder rows made as needed.
   * Without a uid, an asset already holding that file name in that folder is updated.
   */
  saveAsset(input: AssetInput): Promise<SavedElement> {
    return this.database.transaction(async () => {
      const model = this.model;
      const problems = new ProblemList();
      const volume = model.volumes.id(input.volumeId);
      if (volume === undefined)
        throw new ElementWriteError([`volume ${input.volumeId} does not exist`]);
      const folderPath = normalizeFolderPath(input.folderPath, problems);
      const filenameOk = checkFilename(input.filename, problems);
      problems.throwIfAny();
      if (folderPath === undefined || !filenameOk) throw new Error('unreachable');
      if (input.focalPoint !== undefined && input.focalPoint !== null) {
        const [x, y] = input.focalPoint;
        if (![x, y].every((v) => Number.isFinite(v) && v >= 0 && v <= 1))
          problems.add('focalPoint: expected [x, y] with both between 0 and 1');
      }
      if (input.uploaderId !== undefined && input.uploaderId !== null)
        await this.checkKind(input.uploaderId, 'user', 'uploader', problems);
      const folderId = await this.assetRows.ensureFolder(volume.id, folderPath);
      // One save at a time per folder: a free name is chosen and its file placed atomically.
      await this.assetRows.lockFolder(folderId);
      let existing = await this.existing(input.uid, 'asset', volume.id, problems);
      let previous = existing ? await this.assetRows.byElement(existing.id) : undefined;
      const filename = input.avoidConflicts
        ? await freeFilename(input.filename, (name) =>
            this.filenameTaken(volume.path, folderId, folderPath, name, existing, previous),
          )
        : input.filename;
      const holder = await this.assetRows.holder(folderId, filename);
      if (existing === undefined && holder !== undefined && input.uid === undefined) {
        existing = await this.rows.byId(holder);
        previous = existing ? await this.assetRows.byElement(existing.id) : undefined;
      }
      if (holder !== undefined && existing !== undefined && holder !== existing.id)
        problems.add(`file: "${folderPath}${filename}" belongs to another asset`);
      problems.throwIfAny();
      const target = volumeFilePath(volume.path, folderPath, filename);
      const moveFrom = previous
        ? volumeFilePath(volume.path, previous.folderPath, previous.filename)
        : undefined;
      // Moving the asset's file never overwrites a file that is not its own.
      const moving =
        input.sourceFile === undefined && moveFrom !== undefined && moveFrom !== target;
      if (moving && existsSync(target)) problems.add(`file: "${folderPath}${filename}" is taken`);
      problems.throwIfAny();
      const facts = await placeAssetFile(
        target,
        { copyFrom: input.sourceFile, moveFrom },
        problems,
      );
      problems.throwIfAny();
      const alt = pick(input.alt, previous?.alt) ?? null;
      return this.save(
        {
          kind: 'asset',
          containerId: volume.id,
          where: `volume "${volume.handle}"`,
          layout: volume.fields,
          siteIds: model.sites.all.map((site) => site.id),
          title: { mode: 'optional', fallback: titleFromFilename(filename) },
          hasSlug: false,
          content: input,
          existing,
          columns: {},
          extraSearch: [filename, facts!.kind, alt],
          afterRow: (id) =>
            this.assetRows.upsert(id, {
              ...facts!,
              volumeId: volume.id,
              folderId,
              filename,
              focalPoint: pick(input.focalPoint, previous?.focalPoint) ?? null,
              alt,
              dateModified: input.dateModified ?? this.now(),
              uploaderId: pick(input.uploaderId, previous?.uploaderId) ?? null,
            }),
        },
        problems,
      );
    });
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
      for (const groupId of input.groupIds ?? [])
        if (model.userGroups.id(groupId) === undefined)
          problems.add(`groups: user group ${groupId} does not exist`);
      if (input.photoId !== undefined && input.photoId !== null)
        await this.checkKind(input.photoId, 'asset', 'photo', problems);
      problems.throwIfAny();
      let identityUser = await this.users.findByLoginOrEmail(input.username);
      if (identityUser?.login.toLowerCase() !== input.username.toLowerCase())
        identityUser = undefined;
      let created = false;
      if (identityUser === undefined) {
        try {
          identityUser = await this.users.create({
            login: input.username,
            email: input.email,
            name: input.fullName ?? input.username,
            password: input.password ?? randomBytes(24).toString('base64url'),
          });
          created = true;
        } catch (error) {
          if (error instanceof IdentityError && error.reason === 'user-exists')
            throw new ElementWriteError([
              `user "${input.username}": another user has this email address`,
            ]);
          throw error;
        }
      }
      const element = await this.userRows.elementOf(Number(identityUser.id));
      if (element === undefined)
        throw new ElementWriteError([`user "${input.username}" has no user element`]);
      if (input.groupIds !== undefined)
        await this.userRows.replaceGroups(Number(identityUser.id), input.groupIds);
      const saved = await this.save(
        {
          kind: 'user',
          containerId: null,
          where: 'the user field layout',
          layout: model.model.userFields,
          siteIds: model.sites.all.map((site) => site.id),
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
      if (field === undefined || !isRelationField(field))
        throw new ElementWriteError([`field ${fieldId} is not a relation field`]);
      const problems = new ProblemList();
      if (siteId !== undefined && !field.translatable)
        problems.add(`field "${field.handle}": not translatable, so it has no per-site values`);
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
      const rules = this.uriRules(element);
      for (const child of removed.children)
        await this.refreshTreeUris(child, removed.parentId, rules);
      return true;
    });
  }

  /** Every global set of the model has its one element, with a row in every site. */
  ensureGlobalSets(model: ContentModelIndex): Promise<number> {
    return this.database.transaction(async () => {
      let created = 0;
      for (const set of model.model.globalSets) {
        const [existing] = await this.rows.inContainer('globalset', set.id);
        if (existing !== undefined) {
          const sites = await this.rows.siteRows(existing.id);
          const complete = model.sites.all.every((site) => sites.get(site.id)?.title === set.name);
          if (complete) continue;
        }
        await this.save(
          {
            kind: 'globalset',
            containerId: set.id,
            where: `global set "${set.handle}"`,
            layout: set.fields,
            siteIds: model.sites.all.map((site) => site.id),
            title: { mode: 'fixed', value: set.name },
            hasSlug: false,
            content: { uid: existing?.uid ?? (await this.freeUid(set.uid)) },
            existing,
            columns: {},
          },
          new ProblemList(),
          model,
        );
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
        if ((await this.rows.inContainer('entry', section.id)).length > 0) continue;
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
    return this.database.transaction(() =>
      this.userRows.ensureSiteRows(model.sites.all.map((site) => site.id)),
    );
  }

  /** An existing element by uid, checked to be of this kind and container. */
  private async existing(
    uid: string | undefined,
    kind: ElementKind,
    containerId: number | null,
    problems: ProblemList,
  ): Promise<ExistingElement | undefined> {
    if (uid === undefined) return undefined;
    const found = await this.rows.byUid(uid);
    if (found !== undefined && (found.kind !== kind || found.containerId !== containerId)) {
      problems.add(`uid ${uid} belongs to another element (a ${found.kind} elsewhere)`);
      return undefined;
    }
    return found;
  }

  /**
   * Whether a name is taken in an asset folder for an asset (Craft compares names in any case):
   * by another asset, trashed ones included, or by a file that is not the asset's own.
   */
  private async filenameTaken(
    volumePath: string,
    folderId: number,
    folderPath: string,
    name: string,
    own: ExistingElement | undefined,
    previous: ExistingAsset | undefined,
  ): Promise<boolean> {
    const holders = await this.assetRows.holdersIgnoringCase(folderId, name);
    if (holders.some((id) => id !== own?.id)) return true;
    const ownFile =
      previous?.folderPath === folderPath && previous.filename.toLowerCase() === name.toLowerCase();
    return !ownFile && existsSync(volumeFilePath(volumePath, folderPath, name));
  }

  private async checkKind(
    id: number,
    kind: ElementKind,
    label: string,
    problems: ProblemList,
  ): Promise<void> {
    const found = await this.rows.byId(id);
    if (found?.kind !== kind) problems.add(`${label}: element ${id} is not a ${kind}`);
  }

  /** `preferred` unless an element holds it (a global set's element takes the set's uid). */
  private async freeUid(preferred: string): Promise<string> {
    return (await this.rows.byUid(preferred)) === undefined ? preferred : randomUUID();
  }

  /** Field values → what the fields column, relation rows and matrix blocks get. */
  private splitValues(
    spec: SaveSpec,
    values: FieldValues | undefined,
    siteLabel: string | null,
    problems: ProblemList,
  ): SplitValues {
    const split: SplitValues = { plain: {}, relations: new Map(), blocks: new Map() };
    for (const [handle, value] of Object.entries(values ?? {})) {
      if (value === undefined) continue;
      const prefix = siteLabel === null ? '' : `site ${siteLabel}: `;
      const field = spec.layout.find((f) => f.handle === handle);
      if (field === undefined) {
        const known = spec.layout.map((f) => f.handle).join(', ') || 'none';
        problems.add(`${prefix}unknown field "${handle}" (the fields of ${spec.where}: ${known})`);
        continue;
      }
      if (siteLabel !== null && field.type === 'matrix') {
        problems.add(
          `${prefix}field "${handle}": matrix blocks are given once, per-site values go into each block's sites`,
        );
        continue;
      }
      if (siteLabel !== null && !field.translatable) {
        problems.add(`${prefix}field "${handle}": not translatable, so it has no per-site values`);
        continue;
      }
      if (field.type === 'matrix') split.blocks.set(field, value);
      else if (isRelationField(field)) split.relations.set(field, value);
      else {
        const normalized = normalizeFieldValue(
          field,
          value,
          problems,
          `${prefix}field "${handle}"`,
        );
        if (normalized !== undefined) split.plain[handle] = normalized;
      }
    }
    return split;
  }

  /** The shared save: validate, element row, structure, kind rows, blocks, relations, sites. */
  private async save(
    spec: SaveSpec,
    problems: ProblemList,
    model: ContentModelIndex = this.model,
  ): Promise<SavedElement> {
    const { content } = spec;
    const siteHandle = (id: number) => model.sites.id(id)?.handle ?? String(id);
    const common = this.splitValues(spec, content.fields, null, problems);
    const perSite = new Map<number, SplitValues>();
    for (const [siteId, site] of content.sites ?? new Map<number, SiteContentInput>()) {
      if (!spec.siteIds.includes(siteId)) {
        problems.add(`site ${siteHandle(siteId)}: ${spec.where} is not in this site`);
        continue;
      }
      perSite.set(siteId, this.splitValues(spec, site.fields, siteHandle(siteId), problems));
    }
    for (const [siteId, format] of spec.uriFormats ?? new Map<number, string>())
      for (const token of unsupportedUriTokens(format))
        problems.add(
          `URI format "${format}" of site ${siteHandle(siteId)}: unsupported {${token}}`,
        );
    const relationIds = new Map<Field, number[]>();
    const perSiteRelationIds = new Map<number, Map<Field, number[]>>();
    for (const [field, value] of common.relations) {
      const ids = await this.relations.validate(field, value, model, problems);
      if (ids !== undefined) relationIds.set(field, ids);
    }
    for (const [siteId, split] of perSite) {
      const forSite = new Map<Field, number[]>();
      for (const [field, value] of split.relations) {
        const label = `site ${siteHandle(siteId)}: field "${field.handle}"`;
        const ids = await this.relations.validate(field, value, model, problems, label);
        if (ids !== undefined) forSite.set(field, ids);
      }
      perSiteRelationIds.set(siteId, forSite);
    }
    problems.throwIfAny();

    const now = this.now();
    const columns: ElementColumns = {
      ...spec.columns,
      enabled: content.enabled,
      archived: content.archived,
      dateCreated: content.dateCreated,
      dateUpdated: content.dateUpdated ?? now,
    };
    let id: number;
    let uid: string;
    const created = spec.existing === undefined;
    if (spec.existing === undefined) {
      uid = content.uid ?? randomUUID();
      id = await this.rows.insert({
        ...spec.newColumns,
        ...definedOnly(columns),
        uid,
        kind: spec.kind,
        containerId: spec.containerId,
        dateCreated: content.dateCreated ?? now,
        dateUpdated: content.dateUpdated ?? now,
      });
    } else {
      ({ id, uid } = spec.existing);
      await this.rows.update(id, columns);
    }

    let moved = false;
    if (spec.structure !== undefined) {
      const placed = created ? undefined : await this.structures.position(id);
      const before = placed === undefined ? null : await this.structures.parentOf(id);
      if (spec.placement !== undefined)
        await this.structures.placeAt(spec.structure, id, spec.placement, problems);
      // New elements, and restored ones (deleting took them out), go last under their parent.
      else if (placed === undefined || spec.parentId !== undefined)
        await this.structures.place(spec.structure, id, spec.parentId ?? null, problems);
      problems.throwIfAny();
      moved = placed !== undefined && before !== (await this.structures.parentOf(id));
    }
    if (spec.afterRow) await spec.afterRow(id);

    const blocks = new Map<string, SavedElement[]>();
    for (const [field, value] of common.blocks)
      blocks.set(
        field.handle,
        await this.saveBlocks(
          id,
          field,
          value,
          spec.siteIds,
          problems.scoped(`field "${field.handle}" `),
          model,
        ),
      );

    for (const [field, ids] of relationIds) {
      const sites = field.translatable ? spec.siteIds : [null];
      for (const site of sites) await this.relations.replace(field.id, id, site, ids);
    }
    for (const [siteId, forSite] of perSiteRelationIds)
      for (const [field, ids] of forSite) await this.relations.replace(field.id, id, siteId, ids);

    const hasBlocks = spec.layout.some((field) => field.type === 'matrix');
    const blockText = hasBlocks ? await this.rows.blockSearchText(id) : new Map<number, string>();
    const previousSites = created ? new Map<number, SiteRow>() : await this.rows.siteRows(id);
    const parentId = spec.structure ? await this.structures.parentOf(id) : null;
    const parentSites =
      parentId === null ? new Map<number, SiteRow>() : await this.rows.siteRows(parentId);
    const defaults: Record<string, unknown> = {};
    for (const field of spec.layout) {
      const value =
        isRelationField(field) || field.type === 'matrix' ? undefined : defaultFieldValue(field);
      if (value !== undefined) defaults[field.handle] = value;
    }
    const primaryInput = content.sites?.get(model.primarySite.id);
    const elementTitle = pick(
      content.title,
      primaryInput?.title,
      ...[...(content.sites?.values() ?? [])].map((s) => s.title),
    );
    let uriChanged = false;
    for (const siteId of spec.siteIds) {
      const siteInput = content.sites?.get(siteId);
      const previous = previousSites.get(siteId);
      const fields = {
        ...(previous?.fields ?? defaults),
        ...common.plain,
        ...(perSite.get(siteId)?.plain ?? {}),
      };
      let title: string | null = null;
      let slug: string | null = null;
      const explicitSlug = pick(siteInput?.slug, content.slug);
      if (spec.hasSlug && explicitSlug !== undefined && explicitSlug !== null)
        slug = explicitSlug === '__home__' ? explicitSlug : slugify(explicitSlug);
      let titleMissing = false;
      switch (spec.title.mode) {
        case 'required':
          title = pick(siteInput?.title, content.title, previous?.title, elementTitle) ?? null;
          titleMissing = title === null || title.trim() === '';
          if (titleMissing) problems.add(`site ${siteHandle(siteId)}: title is required`);
          break;
        case 'optional':
          title = pick(siteInput?.title, content.title, previous?.title) ?? spec.title.fallback;
          break;
        case 'fixed':
          title = spec.title.value;
          break;
        case 'format':
          title = renderTitle(
            spec.title.format,
            fields,
            slug ?? previous?.slug ?? spec.defaultSlug ?? null,
          );
          break;
        case 'none':
          break;
      }
      if (spec.hasSlug && slug === null) {
        slug = previous?.slug ?? spec.defaultSlug ?? slugify(elementTitle ?? title ?? '');
        if (slug === '' && !titleMissing)
          problems.add(`site ${siteHandle(siteId)}: slug is required (the title gives none)`);
      }
      if (!problems.empty) continue;
      const format = spec.uriFormats?.get(siteId) ?? '';
      const parent = parentSites.get(siteId);
      let uri = renderUri(
        format,
        { id, uid, slug, parentUri: parent?.uri ?? null, parentSlug: parent?.slug ?? null },
        spec.structure?.prefixParent ?? false,
      );
      if (uri !== null && slug !== null && usesSlug(format)) {
        const base = slug;
        for (let n = 1; await this.rows.uriTaken(siteId, uri!, id); n++) {
          if (n > 100) {
            problems.add(`site ${siteHandle(siteId)}: the URI "${uri}" is taken`);
            break;
          }
          slug = `${base}-${n}`;
          uri = renderUri(
            format,
            { id, uid, slug, parentUri: parent?.uri ?? null, parentSlug: parent?.slug ?? null },
            spec.structure?.prefixParent ?? false,
          );
        }
      }
      if (previous !== undefined && previous.uri !== uri) uriChanged = true;
      await this.rows.upsertSiteRow(id, siteId, {
        title,
        slug,
        uri,
        enabled:
          pick(siteInput?.enabled, previous?.enabled, spec.enabledByDefault?.get(siteId)) ?? true,
        fields,
        searchText: searchText(title, slug, spec.layout, fields, [
          ...(spec.extraSearch ?? []),
          blockText.get(siteId),
        ]),
        dateUpdated: content.dateUpdated ?? now,
      });
    }
    problems.throwIfAny();
    if (spec.structure !== undefined && !created && (uriChanged || moved))
      await this.refreshDescendantUris(id, {
        uriFormats: spec.uriFormats,
        prefixParent: spec.structure.prefixParent,
      });
    return { id, uid, created, blocks };
  }

  /** The URI rules of the structure an entry or category is in. */
  private uriRules(element: ExistingElement): UriRules {
    const model = this.model;
    const section =
      element.kind === 'entry' ? model.sections.id(element.containerId ?? 0) : undefined;
    const group =
      element.kind === 'category' ? model.categoryGroups.id(element.containerId ?? 0) : undefined;
    const settings = section?.siteSettings ?? group?.siteSettings ?? [];
    return {
      uriFormats: siteSettingsMaps(settings, model).uriFormats,
      prefixParent: element.kind === 'entry',
    };
  }

  /** An element that got a new parent: its URIs, then its descendants'. */
  private async refreshTreeUris(
    elementId: number,
    parentId: number | null,
    rules: UriRules,
  ): Promise<void> {
    const element = await this.rows.byId(elementId);
    if (element === undefined) return;
    const parentSites =
      parentId === null ? new Map<number, SiteRow>() : await this.rows.siteRows(parentId);
    for (const [siteId, row] of await this.rows.siteRows(elementId)) {
      const parent = parentSites.get(siteId);
      const uri = renderUri(
        rules.uriFormats?.get(siteId) ?? '',
        {
          id: elementId,
          uid: element.uid,
          slug: row.slug,
          parentUri: parent?.uri ?? null,
          parentSlug: parent?.slug ?? null,
        },
        rules.prefixParent,
      );
      if (uri !== row.uri) await this.rows.setUri(elementId, siteId, uri);
    }
    await this.refreshDescendantUris(elementId, rules);
  }

  /** Matrix blocks of one field: matched by uid, else by position and type; the rest go. */
  private async saveBlocks(
    ownerId: number,
    field: Field,
    value: unknown,
    siteIds: readonly number[],
    problems: ProblemList,
    model: ContentModelIndex,
  ): Promise<SavedElement[]> {
    if (value !== null && !Array.isArray(value)) {
      problems.add('expected a list of blocks');
      problems.throwIfAny();
    }
    const inputs = (value ?? []) as BlockInput[];
    const existing = await this.rows.blocks(ownerId, field.id);
    const used = new Set<number>();
    const saved: SavedElement[] = [];
    for (const [index, input] of inputs.entries()) {
      const blockProblems = problems.scoped(`block ${index + 1}: `);
      const type: MatrixBlockType | undefined = field.blockTypes.find((t) => t.id === input.typeId);
      if (type === undefined) {
        blockProblems.add(
          `unknown block type (types: ${field.blockTypes.map((t) => t.handle).join(', ')})`,
        );
        problems.throwIfAny();
        continue;
      }
      let match = input.uid === undefined ? undefined : existing.find((b) => b.uid === input.uid);
      if (input.uid !== undefined && match === undefined) {
        const other = await this.rows.byUid(input.uid);
        if (other !== undefined) blockProblems.add(`uid ${input.uid} belongs to another element`);
      }
      if (input.uid === undefined && input.isNew !== true) {
        const candidate = existing[index];
        if (candidate !== undefined && candidate.typeId === type.id && !used.has(candidate.id))
          match = candidate;
      }
      if (match !== undefined) used.add(match.id);
      saved.push(
        await this.save(
          {
            kind: 'matrixblock',
            containerId: field.id,
            where: `block type "${type.handle}"`,
            layout: type.fields,
            siteIds,
            title: { mode: 'none' },
            hasSlug: false,
            content: {
              uid: input.uid ?? match?.uid,
              enabled: input.enabled,
              fields: input.fields,
              sites: input.sites,
            },
            existing: match,
            columns: { typeId: type.id, ownerId, sortOrder: index + 1 },
          },
          blockProblems,
          model,
        ),
      );
    }
    await this.rows.delete(
      existing.filter((block) => !used.has(block.id)).map((block) => block.id),
    );
    return saved;
  }

  /** A structure element's URI changed or it moved: its descendants' URIs follow. */
  private async refreshDescendantUris(elementId: number, rules: UriRules): Promise<void> {
    const uris = new Map<number, Map<number, SiteRow>>();
    uris.set(elementId, await this.rows.siteRows(elementId));
    for (const { elementId: id, parentId } of await this.structures.descendants(elementId)) {
      const element = await this.rows.byId(id);
      const sites = await this.rows.siteRows(id);
      const parentSites = uris.get(parentId) ?? (await this.rows.siteRows(parentId));
      for (const [siteId, row] of sites) {
        const parent = parentSites.get(siteId);
        const uri = renderUri(
          rules.uriFormats?.get(siteId) ?? '',
          {
            id,
            uid: element!.uid,
            slug: row.slug,
            parentUri: parent?.uri ?? null,
            parentSlug: parent?.slug ?? null,
          },
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

/** Sites of a section or category group (all sites when the list is empty). */
function siteSettingsMaps(settings: readonly SectionSiteSettings[], model: ContentModelIndex) {
  const list: readonly SectionSiteSettings[] =
    settings.length > 0
      ? settings
      : model.sites.all.map((site) => ({ siteId: site.id, uriFormat: '', enabledByDefault: true }));
  return {
    siteIds: list.map((s) => s.siteId),
    uriFormats: new Map(list.map((s) => [s.siteId, s.uriFormat])),
    enabledByDefault: new Map(list.map((s) => [s.siteId, s.enabledByDefault])),
  };
}

/** An entry type's title format: `{fieldHandle}` and `{slug}` tokens; empty: the slug. */
function renderTitle(
  format: string,
  fields: Readonly<Record<string, unknown>>,
  slug: string | null,
): string | null {
  if (format.trim() === '') return slug;
  return format.replace(/\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}/g, (_whole, name: string) => {
    const value = name === 'slug' ? slug : fields[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return Array.isArray(value) ? value.join(', ') : '';
  });
}

function definedOnly(columns: ElementColumns): ElementColumns {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}
