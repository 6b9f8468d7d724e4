import { Field, ID, Int, InterfaceType } from '@nestjs/graphql';
import { DateTimeType } from './date-time.type';

/**
 * Craft's element interfaces as code-first declarations: names, descriptions, inheritance and the
 * fields every element has whatever the model and the token's scope
 * (docs/content-graphql.md#fields). Fields that depend on the scope or the model (relations,
 * structure and kind fields with query arguments, custom fields) are added per scope by the schema
 * builder (schema/element-interfaces.ts), which also gives every field its resolver: element fields
 * resolve from the element record and the request's loaders, once per element of a list, so they
 * stay plain graphql-js resolvers.
 */
@InterfaceType('ElementInterface', {
  description: 'This is the interface implemented by all elements.',
})
export abstract class ElementInterface {
  @Field(() => ID, { nullable: true, description: 'The ID of the entity' })
  id?: string;

  @Field({ nullable: true, description: 'The UID of the entity' })
  uid?: string;

  @Field({ nullable: true, description: 'The element’s title.' })
  title?: string;

  @Field({ nullable: true, description: 'The element’s slug.' })
  slug?: string;

  @Field({ nullable: true, description: 'The element’s URI.' })
  uri?: string;

  @Field({ nullable: true, description: 'Whether the element is enabled.' })
  enabled?: boolean;

  @Field({ nullable: true, description: 'Whether the element is archived.' })
  archived?: boolean;

  @Field({ nullable: true, description: 'The handle of the site the element is associated with.' })
  siteHandle?: string;

  @Field(() => Int, {
    nullable: true,
    description: 'The ID of the site the element is associated with.',
  })
  siteId?: number;

  @Field(() => ID, {
    nullable: true,
    description:
      'The unique identifier for an element-site relation (the element ID and site ID here).',
  })
  siteSettingsId?: string;

  @Field({ nullable: true, description: 'The language of the site element is associated with.' })
  language?: string;

  @Field(() => Int, {
    nullable: true,
    description:
      'The element’s search score, if the `search` parameter was used when querying for the element.',
  })
  searchScore?: number;

  @Field({ nullable: true, description: 'Whether the element has been soft-deleted.' })
  trashed?: boolean;

  @Field({ nullable: true, description: 'The element’s status.' })
  status?: string;

  @Field(() => DateTimeType, {
    nullable: true,
    description: 'The date the element was created.',
  })
  dateCreated?: Date;

  @Field(() => DateTimeType, {
    nullable: true,
    description: 'The date the element was last updated.',
  })
  dateUpdated?: Date;
}

const implementsElement = () => [ElementInterface];

@InterfaceType('EntryInterface', {
  description: 'This is the interface implemented by all entries.',
  implements: implementsElement,
})
export abstract class EntryInterface extends ElementInterface {}

@InterfaceType('AssetInterface', {
  description: 'This is the interface implemented by all assets.',
  implements: implementsElement,
})
export abstract class AssetInterface extends ElementInterface {}

@InterfaceType('UserInterface', {
  description: 'This is the interface implemented by all users.',
  implements: implementsElement,
})
export abstract class UserInterface extends ElementInterface {}

@InterfaceType('CategoryInterface', {
  description: 'This is the interface implemented by all categories.',
  implements: implementsElement,
})
export abstract class CategoryInterface extends ElementInterface {}

@InterfaceType('TagInterface', {
  description: 'This is the interface implemented by all tags.',
  implements: implementsElement,
})
export abstract class TagInterface extends ElementInterface {}

@InterfaceType('GlobalSetInterface', {
  description: 'This is the interface implemented by all global sets.',
  implements: implementsElement,
})
export abstract class GlobalSetInterface extends ElementInterface {}

@InterfaceType('MatrixBlockInterface', {
  description: 'This is the interface implemented by all matrix blocks.',
  implements: implementsElement,
})
export abstract class MatrixBlockInterface extends ElementInterface {}
