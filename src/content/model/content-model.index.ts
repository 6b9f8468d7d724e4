import type {
  CategoryGroup,
  ContentModel,
  EntryType,
  Field,
  GlobalSet,
  GqlSchemaDefinition,
  ImageTransform,
  MatrixBlockType,
  ModelItem,
  Section,
  Site,
  TagGroup,
  UserGroup,
  Volume,
} from './content-model';

/** Lookups by id, uid and handle over one immutable model. */
class Lookup<T extends ModelItem> {
  private readonly byId = new Map<number, T>();
  private readonly byUid = new Map<string, T>();
  private readonly byHandle = new Map<string, T>();

  constructor(readonly all: readonly T[]) {
    for (const item of all) {
      this.byId.set(item.id, item);
      this.byUid.set(item.uid, item);
      this.byHandle.set(item.handle, item);
    }
  }

  id(id: number): T | undefined {
    return this.byId.get(id);
  }

  uid(uid: string): T | undefined {
    return this.byUid.get(uid);
  }

  handle(handle: string): T | undefined {
    return this.byHandle.get(handle);
  }
}

/**
 * The content model with its lookups. Entry types, block types and fields inside layouts are
 * indexed too: a field id finds the field whether it is global or a matrix block type's own.
 */
export class ContentModelIndex {
  readonly sites: Lookup<Site>;
  readonly sections: Lookup<Section>;
  readonly entryTypes: Lookup<EntryType>;
  readonly fields: Lookup<Field>;
  readonly blockTypes: Lookup<MatrixBlockType>;
  readonly volumes: Lookup<Volume>;
  readonly categoryGroups: Lookup<CategoryGroup>;
  readonly tagGroups: Lookup<TagGroup>;
  readonly globalSets: Lookup<GlobalSet>;
  readonly userGroups: Lookup<UserGroup>;
  readonly imageTransforms: Lookup<ImageTransform>;
  readonly schemas: Lookup<GqlSchemaDefinition>;
  readonly primarySite: Site;
  private readonly allFieldsById = new Map<number, Field>();

  constructor(readonly model: ContentModel) {
    this.sites = new Lookup(model.sites);
    this.sections = new Lookup(model.sections);
    this.entryTypes = new Lookup(model.sections.flatMap((s) => s.entryTypes));
    this.fields = new Lookup(model.fields);
    const blockTypes = model.fields.flatMap((f) => f.blockTypes);
    this.blockTypes = new Lookup(blockTypes);
    this.volumes = new Lookup(model.volumes);
    this.categoryGroups = new Lookup(model.categoryGroups);
    this.tagGroups = new Lookup(model.tagGroups);
    this.globalSets = new Lookup(model.globalSets);
    this.userGroups = new Lookup(model.userGroups);
    this.imageTransforms = new Lookup(model.imageTransforms);
    this.schemas = new Lookup(model.schemas);
    const primary = model.sites.find((site) => site.primary);
    if (primary === undefined) throw new Error('the content model has no primary site');
    this.primarySite = primary;
    for (const field of [...model.fields, ...blockTypes.flatMap((b) => b.fields)]) {
      this.allFieldsById.set(field.id, field);
    }
  }

  get version(): string {
    return this.model.version;
  }

  /** Any field by id: global fields and matrix block types' own fields. */
  field(id: number): Field | undefined {
    return this.allFieldsById.get(id);
  }

  /** The public schema, if the model declares one. */
  get publicSchema(): GqlSchemaDefinition | undefined {
    return this.model.schemas.find((schema) => schema.isPublic);
  }
}
