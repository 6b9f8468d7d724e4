import type { UserVisibility } from '../store/element-criteria';
import { Injectable, Optional } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { TaggingReader } from '../cache/tagging-reader';
import type { GqlSchemaDefinition } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';
import { ElementReader } from '../store/element-reader';
import { AssetFiles } from '../transforms/asset-files';
import { FieldValues } from './field-values';
import { GraphqlContextFactory } from './graphql-request-context';
import { ContentMutations } from './mutations/content-mutations';
import type { GraphqlRequestContext } from './graphql-request-context';
import { createReferenceResolver } from './reference-resolver';
import { RequestLoaders } from './request-loaders';
import { presentationTimeZone } from './scalars/atom-date';
import type { ScopeGrants } from './scope-grants';
import { TransformBudget } from '../transforms/transform-budget';

/**
 * The context of one GraphQL request: fresh request loaders (their DataLoader caches live for one
 * request only), field values over the model, and a reference resolver that shares the loaders'
 * criteria builder. With `tags`, both read through a TaggingReader.
 */
@Injectable()
export class ContentGraphqlContextFactory extends GraphqlContextFactory {
  private readonly timeZone: string;
  private readonly maxResults: number;
  private readonly adhocTransforms: 'any' | 'tokens' | 'named';
  private readonly maxTransforms: number;
  private readonly maxTransformBytes: number;
  private readonly userVisibility: UserVisibility;
  private values: { model: ContentModelIndex; values: FieldValues } | null = null;

  constructor(
    private readonly reader: ElementReader,
    private readonly assetFiles: AssetFiles,
    settings: Settings,
    @Optional() private readonly mutations?: ContentMutations,
  ) {
    super();
    this.timeZone = presentationTimeZone(settings.content.datesInSystemTimeZone);
    this.maxResults = settings.content.maxResults;
    this.adhocTransforms = settings.content.adhocTransforms;
    this.maxTransforms = settings.content.transformMaxPerRequest;
    this.maxTransformBytes = settings.content.transformMaxBytesPerRequest;
    // As the teams API: the main org's users, without the built-in admin and HIDDEN_USERS.
    this.userVisibility = {
      orgId: 1,
      hiddenLogins: [settings.identity.adminUser, ...settings.identity.hiddenUsers],
    };
  }

  create(
    model: ContentModelIndex,
    definition: GqlSchemaDefinition,
    grants: ScopeGrants,
    tags?: Set<string>,
  ): GraphqlRequestContext {
    // Only answers a CDN may cache pay for the recording.
    const reader = tags === undefined ? this.reader : new TaggingReader(this.reader, model, tags);
    const elements = new RequestLoaders({
      model,
      grants,
      reader,
      maxResults: this.maxResults,
      userVisibility: this.userVisibility,
    });
    return {
      model,
      definition,
      elements,
      values: this.valuesFor(model),
      assetFiles: this.assetFiles,
      transformBudget: new TransformBudget(this.maxTransforms, this.maxTransformBytes),
      adhocTransforms:
        this.adhocTransforms === 'any' ||
        (this.adhocTransforms === 'tokens' && !definition.isPublic),
      references: createReferenceResolver({
        model,
        grants,
        reader,
        assetFiles: this.assetFiles,
        criteria: elements.criteria,
      }),
      timeZone: this.timeZone,
      ...(this.mutations !== undefined && { mutations: this.mutations }),
    };
  }

  /** FieldValues holds nothing per request: one per model. */
  private valuesFor(model: ContentModelIndex): FieldValues {
    if (this.values?.model !== model) this.values = { model, values: new FieldValues(model) };
    return this.values.values;
  }
}
