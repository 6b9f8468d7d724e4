import { randomUUID } from 'node:crypto';
import type { Field, MatrixBlockType } from '../../model/content-model';
import { containsNul } from '../../../infra/http/validation/unstorable-text';
import type { ContentModelIndex } from '../../model/content-model.index';
import type { ElementColumns, ElementRows, NewElement } from './element-rows';
import { ElementSites, type SavedRow } from './element-sites';
import { normalizeFieldValue } from './field-values';
import { isRelationField, type RelationRows } from './relation-rows';
import { sanitizeRichText } from './rich-text';
import type { SaveSpec } from './save-spec';
import type { StructureNodes } from './structure-nodes';
import type { UriTrees } from './uri-trees';
import { unsupportedUriTokens } from './uri';
import type { ProblemList } from './write-error';
import type { BlockInput, FieldValues, SavedElement, SiteContentInput } from './write-input';
import { ElementKinds } from '../../model/element-kinds';
import { holdsNestedElements } from '../../model/field-types';

/** Field values split by what stores them. */
export interface SplitValues {
  readonly plain: Record<string, unknown>;
  readonly relations: Map<Field, unknown>;
  readonly blocks: Map<Field, unknown>;
}

/** A save's field values once checked: nothing is written before every one of them is valid. */
interface CheckedValues {
  readonly common: SplitValues;
  readonly perSite: ReadonlyMap<number, SplitValues>;
  /** Relation targets for every site (or the one null site of an untranslatable field). */
  readonly relationIds: ReadonlyMap<Field, number[]>;
  readonly perSiteRelationIds: ReadonlyMap<number, ReadonlyMap<Field, number[]>>;
}

/**
 * The save every kind of element goes through, in order: the values checked, the element row,
 * its structure position, kind-specific rows, matrix blocks and relations, the per-site rows
 * (URIs and search text), then the URIs of its descendants when its own moved.
 */
export class ElementSave {
  private readonly sites: ElementSites;

  constructor(
    private readonly rows: ElementRows,
    private readonly structures: StructureNodes,
    private readonly relations: RelationRows,
    private readonly uriTrees: UriTrees,
    private readonly now: () => Date,
  ) {
    this.sites = new ElementSites(rows, structures);
  }

  async save(
    spec: SaveSpec,
    problems: ProblemList,
    model: ContentModelIndex,
  ): Promise<SavedElement> {
    // PostgreSQL text cannot hold NUL: a bad value, not a failed query.
    if (containsNul(spec.content)) problems.add('text cannot contain a NUL character');
    const values = await this.checkValues(spec, problems, model);
    problems.throwIfAny();
    const now = this.now();
    const saved = await this.writeElementRow(spec, now);
    const moved = await this.placeInStructure(spec, saved, problems);
    if (spec.afterRow) await spec.afterRow(saved.id);
    const blocks = await this.writeBlocksAndRelations(spec, saved.id, values, problems, model);
    const plain = {
      common: values.common.plain,
      perSite: new Map([...values.perSite].map(([siteId, split]) => [siteId, split.plain])),
    };
    const uriChanged = await this.sites.write(spec, saved, plain, problems, model, now);
    problems.throwIfAny();
    if (spec.structure !== undefined && !saved.created && (uriChanged || moved)) {
      await this.uriTrees.refreshDescendants(saved.id, {
        uriFormats: spec.uriFormats,
        prefixParent: spec.structure.prefixParent,
      });
    }
    return { ...saved, blocks };
  }

  /** Every value split by what stores it and checked, relation targets included. */
  private async checkValues(
    spec: SaveSpec,
    problems: ProblemList,
    model: ContentModelIndex,
  ): Promise<CheckedValues> {
    const siteHandle = (id: number) => model.sites.id(id)?.handle ?? String(id);
    const { common, perSite } = splitSaveValues(spec, problems, model);
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
    return { common, perSite, relationIds, perSiteRelationIds };
  }

  /** The `content_elements` row: inserted (with a new uid unless given) or updated. */
  private async writeElementRow(spec: SaveSpec, now: Date): Promise<SavedRow> {
    const { content } = spec;
    const columns: ElementColumns = {
      ...spec.columns,
      enabled: content.enabled,
      archived: content.archived,
      dateCreated: content.dateCreated,
      dateUpdated: content.dateUpdated ?? now,
    };
    if (spec.existing !== undefined) {
      const { id, uid } = spec.existing;
      await this.rows.update(id, columns);
      return { id, uid, created: false };
    }
    const uid = content.uid ?? randomUUID();
    const id = await this.rows.insert(newElementRow(spec, uid, now));
    return { id, uid, created: true };
  }

  /** The element's place in its structure, if it has one; true when it got another parent. */
  private async placeInStructure(
    spec: SaveSpec,
    saved: SavedRow,
    problems: ProblemList,
  ): Promise<boolean> {
    if (spec.structure === undefined) return false;
    const { id } = saved;
    const placed = saved.created ? undefined : await this.structures.position(id);
    const before = placed === undefined ? null : await this.structures.parentOf(id);
    if (spec.placement !== undefined) {
      await this.structures.placeAt(spec.structure, id, spec.placement, problems);
    }
    // New elements, and restored ones (deleting took them out), go last under their parent.
    else if (placed === undefined || spec.parentId !== undefined) {
      await this.structures.place(spec.structure, id, spec.parentId ?? null, problems);
    }
    problems.throwIfAny();
    return placed !== undefined && before !== (await this.structures.parentOf(id));
  }

  /** Matrix blocks (saved through this same save) and relation rows; the blocks by field. */
  private async writeBlocksAndRelations(
    spec: SaveSpec,
    id: number,
    values: CheckedValues,
    problems: ProblemList,
    model: ContentModelIndex,
  ): Promise<Map<string, SavedElement[]>> {
    const blocks = new Map<string, SavedElement[]>();
    for (const [field, value] of values.common.blocks) {
      const fieldProblems = problems.scoped(`field "${field.handle}" `);
      const saved = await this.saveBlocks(id, field, value, spec.siteIds, fieldProblems, model);
      blocks.set(field.handle, saved);
    }
    for (const [field, ids] of values.relationIds) {
      const sites = field.translatable ? spec.siteIds : [null];
      for (const site of sites) await this.relations.replace(field.id, id, site, ids);
    }
    for (const [siteId, forSite] of values.perSiteRelationIds) {
      for (const [field, ids] of forSite) await this.relations.replace(field.id, id, siteId, ids);
    }
    return blocks;
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
        if (candidate !== undefined && candidate.typeId === type.id && !used.has(candidate.id)) {
          match = candidate;
        }
      }
      if (match !== undefined) used.add(match.id);
      const spec: SaveSpec = {
        kind: ElementKinds.matrixBlock,
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
      };
      saved.push(await this.save(spec, blockProblems, model));
    }
    await this.rows.delete(
      existing.filter((block) => !used.has(block.id)).map((block) => block.id),
    );
    return saved;
  }
}

/**
 * A save's values split by what stores them and checked (relation targets not yet looked up),
 * the sites given checked against the spec's, and its URI formats' tokens.
 */
export function splitSaveValues(
  spec: SaveSpec,
  problems: ProblemList,
  model: ContentModelIndex,
): { common: SplitValues; perSite: Map<number, SplitValues> } {
  const { content } = spec;
  const siteHandle = (id: number) => model.sites.id(id)?.handle ?? String(id);
  const common = splitValues(spec, content.fields, null, problems);
  const perSite = new Map<number, SplitValues>();
  for (const [siteId, site] of content.sites ?? new Map<number, SiteContentInput>()) {
    if (!spec.siteIds.includes(siteId)) {
      problems.add(`site ${siteHandle(siteId)}: ${spec.where} is not in this site`);
      continue;
    }
    perSite.set(siteId, splitValues(spec, site.fields, siteHandle(siteId), problems));
  }
  for (const [siteId, format] of spec.uriFormats ?? new Map<number, string>()) {
    for (const token of unsupportedUriTokens(format)) {
      problems.add(`URI format "${format}" of site ${siteHandle(siteId)}: unsupported {${token}}`);
    }
  }
  return { common, perSite };
}

/** The row of a new element: the spec's columns, its uid, and "now" where the content gives no date. */
export function newElementRow(spec: SaveSpec, uid: string, now: Date): NewElement {
  const { content } = spec;
  return {
    ...spec.newColumns,
    ...definedOnly({
      ...spec.columns,
      enabled: content.enabled,
      archived: content.archived,
      dateCreated: content.dateCreated,
      dateUpdated: content.dateUpdated ?? now,
    }),
    uid,
    kind: spec.kind,
    containerId: spec.containerId,
    dateCreated: content.dateCreated ?? now,
    dateUpdated: content.dateUpdated ?? now,
  };
}

/** Field values → what the fields column, relation rows and matrix blocks get. */
function splitValues(
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
    if (siteLabel !== null && holdsNestedElements(field.type)) {
      problems.add(
        `${prefix}field "${handle}": matrix blocks are given once, per-site values go into each block's sites`,
      );
      continue;
    }
    if (siteLabel !== null && !field.translatable) {
      problems.add(`${prefix}field "${handle}": not translatable, so it has no per-site values`);
      continue;
    }
    if (holdsNestedElements(field.type)) split.blocks.set(field, value);
    else if (isRelationField(field)) split.relations.set(field, value);
    else {
      const normalized = normalizeFieldValue(field, value, problems, `${prefix}field "${handle}"`);
      // Every save (mutations, the importer, the seed) passes here: rich text is stored sanitised.
      if (normalized !== undefined) {
        split.plain[handle] =
          field.type === 'richText' && typeof normalized === 'string'
            ? sanitizeRichText(normalized)
            : normalized;
      }
    }
  }
  return split;
}

function definedOnly(columns: ElementColumns): ElementColumns {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}
