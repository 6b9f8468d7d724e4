import { GraphQLInputObjectType } from 'graphql';
import type {
  GraphQLFieldConfigArgumentMap,
  GraphQLInterfaceType,
  GraphQLNamedType,
  GraphQLScalarType,
} from 'graphql';
import type { EntryType, Field, MatrixBlockType, Section } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { ElementRecord } from '../../store/element-record';
import type { ElementFieldMap } from './field-maps';
import { dateTimeScalar } from '../scalars/date-time.scalar';
import { kindArguments, RELATION_CRITERIA_FIELDS } from './element-arguments';
import { customFieldArgument } from './custom-field-argument';
import type { RelatableKind } from './element-arguments';
import type { CraftVersion } from './craft-version';
import type { SchemaScope } from './schema-scope';
import type { ContentSchemaBase } from '../code-first/schema-base';
import {
  craft5BlockTypeHandles,
  craft5EntryTypeHandles,
  CRITERIA_INPUT_NAMES,
  RELATION_CRITERIA_INPUT_NAMES,
  typeNames,
} from './type-names';

/**
 * The state of one schema build: the model, the scope, the types created so far (by name, so
 * each exists once), argument maps per kind, and the map from a record to its concrete type name
 * that interfaces and unions use to resolve runtime types.
 */
export class SchemaTypes {
  readonly dateTime: GraphQLScalarType;
  private readonly types = new Map<string, GraphQLNamedType>();
  private readonly argumentMaps = new Map<ElementKind, GraphQLFieldConfigArgumentMap>();
  private readonly runtimeNames = new Map<string, string>();
  private readonly recordLayouts = new Map<string, ReadonlyMap<string, Field>>();
  private mixedNames: ReadonlySet<string> | undefined;
  private readonly interfaceFactories = new Map<ElementKind, () => GraphQLInterfaceType>();
  private elementInterfaceFactory: (() => GraphQLInterfaceType) | null = null;
  private kindFieldsFactory: ((kind: ElementKind) => ElementFieldMap) | null = null;
  private craft5Handles: ReadonlyMap<number, string> | undefined;
  private craft5BlockHandles: ReadonlyMap<number, string> | undefined;

  constructor(
    readonly model: ContentModelIndex,
    readonly scope: SchemaScope,
    timeZone: string,
    /** The code-first base the schema derives from; absent in unit tests of the builder alone. */
    readonly base?: ContentSchemaBase,
    /** The Craft dialect: '5' renames entry types and adds Craft 5's arguments. */
    readonly craftVersion: CraftVersion = '4',
  ) {
    this.dateTime = base?.scalar('DateTime') ?? dateTimeScalar(timeZone);
  }

  /**
   * An entry type's handle as the dialect names it: the model's in Craft 4, Craft 5's global
   * handle (craft5EntryTypeHandles) in Craft 5.
   */
  entryTypeHandle(type: EntryType): string {
    if (this.craftVersion === '4') return type.handle;
    this.craft5Handles ??= craft5EntryTypeHandles(this.model.model.sections);
    return this.craft5Handles.get(type.id) ?? type.handle;
  }

  /**
   * Craft 5's handle of the entry type a matrix block type became (craft5BlockTypeHandles): after
   * every entry type's handle, so a block type `link` beside an entry type `link` is `link2`.
   */
  blockTypeHandle(blockType: MatrixBlockType): string {
    if (this.craftVersion === '4') return blockType.handle;
    if (this.craft5BlockHandles === undefined) {
      const model = this.model.model;
      this.craft5Handles ??= craft5EntryTypeHandles(model.sections);
      this.craft5BlockHandles = craft5BlockTypeHandles(
        model.fields.filter((field) => field.type === 'matrix'),
        this.craft5Handles.values(),
      );
    }
    return this.craft5BlockHandles.get(blockType.id) ?? blockType.handle;
  }

  /** Craft 5: the nested entry type a matrix block type became, `<blockTypeHandle>_Entry`. */
  nestedEntryTypeName(blockType: MatrixBlockType): string {
    return `${this.blockTypeHandle(blockType)}_Entry`;
  }

  /** `<section>_<type>_Entry` (Craft 4) or `<type>_Entry` (Craft 5). */
  entryTypeName(section: Section, type: EntryType): string {
    return this.craftVersion === '4'
      ? typeNames.entry(section, type)
      : `${this.entryTypeHandle(type)}_Entry`;
  }

  /** The type with this name, created on first use. */
  named<T extends GraphQLNamedType>(name: string, create: () => T): T {
    const existing = this.types.get(name);
    if (existing !== undefined) return existing as T;
    const created = create();
    this.types.set(name, created);
    return created;
  }

  /** Interfaces are defined in their own files; they register here to break the import cycle. */
  registerInterface(kind: ElementKind, create: () => GraphQLInterfaceType): void {
    this.interfaceFactories.set(kind, create);
  }

  registerElementInterface(
    create: () => GraphQLInterfaceType,
    kindFields: (kind: ElementKind) => ElementFieldMap,
  ): void {
    this.elementInterfaceFactory = create;
    this.kindFieldsFactory = kindFields;
  }

  elementInterface(): GraphQLInterfaceType {
    if (this.elementInterfaceFactory === null) throw new Error('no element interface registered');
    return this.elementInterfaceFactory();
  }

  /** The fields of the kind's interface (concrete types add their custom fields to them). */
  kindFields(kind: ElementKind): ElementFieldMap {
    if (this.kindFieldsFactory === null) throw new Error('no element interfaces registered');
    return this.kindFieldsFactory(kind);
  }

  kindInterface(kind: ElementKind): GraphQLInterfaceType {
    const create = this.interfaceFactories.get(kind);
    if (create === undefined) throw new Error(`no interface registered for ${kind}`);
    return create();
  }

  /** The arguments of the kind's queries (built once per schema). */
  kindArguments(kind: ElementKind): GraphQLFieldConfigArgumentMap {
    let args = this.argumentMaps.get(kind);
    if (args === undefined) {
      args = kindArguments(
        kind,
        this.scope,
        this.layoutFields(kind),
        (target) => this.criteriaInput(target),
        this.craftVersion,
      );
      this.argumentMaps.set(kind, args);
    }
    return args;
  }

  /**
   * Craft 5: a Matrix field's arguments, the entry query's (without other layouts' custom fields)
   * plus one per custom field of the field's block types (Craft's Matrix::getContentGqlType).
   */
  nestedEntryArguments(field: Field): GraphQLFieldConfigArgumentMap {
    const args = kindArguments(
      ElementKinds.entry,
      this.scope,
      [],
      (target) => this.criteriaInput(target),
      this.craftVersion,
    );
    for (const blockField of field.blockTypes.flatMap((blockType) => blockType.fields)) {
      if (blockField.handle in args) continue;
      const config = customFieldArgument(blockField, this.scope);
      if (config !== null) args[blockField.handle] = config;
    }
    return args;
  }

  /**
   * `EntryCriteriaInput` and friends: the target kind's query arguments as input fields; in
   * Craft 5 `EntryRelationCriteriaInput` and friends, with `relatedViaField`/`relatedViaSite`.
   */
  criteriaInput(kind: RelatableKind): GraphQLInputObjectType {
    const craft5 = this.craftVersion === '5';
    const name = craft5 ? RELATION_CRITERIA_INPUT_NAMES[kind] : CRITERIA_INPUT_NAMES[kind];
    return this.named(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          fields: () => ({
            ...this.kindArguments(kind),
            ...(craft5 && RELATION_CRITERIA_FIELDS),
          }),
        }),
    );
  }

  /** The custom fields of every layout of the kind that the scope allows (each field once). */
  layoutFields(kind: ElementKind): Field[] {
    const scope = this.scope;
    let layouts: (readonly Field[])[];
    switch (kind) {
      case ElementKinds.entry:
        layouts = scope.sections.flatMap((s) => scope.entryTypes(s).map((t) => t.fields));
        break;
      case ElementKinds.asset:
        layouts = scope.volumes.map((v) => v.fields);
        break;
      case ElementKinds.user:
        layouts = [this.model.model.userFields];
        break;
      case ElementKinds.category:
        layouts = scope.categoryGroups.map((g) => g.fields);
        break;
      case ElementKinds.tag:
        layouts = scope.tagGroups.map((g) => g.fields);
        break;
      case ElementKinds.globalSet:
        layouts = scope.globalSets.map((g) => g.fields);
        break;
      case ElementKinds.matrixBlock:
        layouts = [];
        break;
    }
    const fields = new Map<number, Field>();
    for (const field of layouts.flat()) fields.set(field.id, field);
    return [...fields.values()];
  }

  /**
   * Records which concrete type a record of this kind/container/type resolves to, and, for a type
   * whose records come from several layouts (mixesLayouts), the record's own layout.
   */
  setRuntimeName(
    kind: ElementKind,
    key: number | null,
    typeName: string,
    layout?: readonly Field[],
  ): void {
    this.runtimeNames.set(`${kind}:${key ?? ''}`, typeName);
    if (layout !== undefined && this.mixesLayouts(typeName)) {
      this.recordLayouts.set(
        `${kind}:${key ?? ''}`,
        new Map(layout.map((field) => [field.handle, field])),
      );
    }
  }

  /**
   * Craft 5: whether the type serves records of different layouts, i.e. a global entry type listed
   * by a matrix field (its blocks' fields are copies, with their own ids, of the entries' fields).
   */
  mixesLayouts(typeName: string): boolean {
    if (this.craftVersion === '4') return false;
    this.mixedNames ??= new Set(
      this.model.model.fields.flatMap((field) =>
        field.blockTypes
          .filter((blockType) => blockType.shared === true)
          .map((blockType) => this.nestedEntryTypeName(blockType)),
      ),
    );
    return this.mixedNames.has(typeName);
  }

  /** The field of the record's own layout with `field`'s handle (see mixesLayouts). */
  ownField(record: ElementRecord, field: Field): Field {
    return this.recordLayouts.get(this.runtimeKey(record))?.get(field.handle) ?? field;
  }

  /**
   * The concrete type of a record: entries and blocks by type id, assets/categories/tags/global
   * sets by container id, users by kind alone.
   */
  runtimeName(record: ElementRecord): string | undefined {
    return this.runtimeNames.get(this.runtimeKey(record));
  }

  private runtimeKey(record: ElementRecord): string {
    const key =
      record.kind === ElementKinds.entry || record.kind === ElementKinds.matrixBlock
        ? record.typeId
        : record.kind === ElementKinds.user
          ? null
          : record.containerId;
    return `${record.kind}:${key ?? ''}`;
  }
}
