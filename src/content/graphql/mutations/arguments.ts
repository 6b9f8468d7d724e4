import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLString,
} from 'graphql';
import type { GraphQLFieldConfigArgumentMap } from 'graphql';
import type { SchemaTypes } from '../schema/schema-types';
import { fileInputType } from './field-inputs';

/**
 * The built-in arguments of Craft 4's save mutations (`craft\gql\arguments\mutations`). Our
 * additions, all optional, are marked in their descriptions and in docs/content-mutations.md.
 */

const SITE_ID = {
  siteId: {
    type: GraphQLInt,
    description:
      'Determines which site the elements should be saved to. Defaults to the primary site.',
  },
};

/** `id`, `uid`, `title`, `enabled` (ElementMutationArguments). */
export function elementArguments(): GraphQLFieldConfigArgumentMap {
  return {
    id: { type: GraphQLID, description: 'Set the element’s ID.' },
    uid: { type: GraphQLString, description: 'Set the element’s UID.' },
    title: { type: GraphQLString, description: 'The title of the element.' },
    enabled: { type: GraphQLBoolean, description: 'Whether the element should be enabled.' },
  };
}

/** Entries: the element's plus author, dates, slug and site; singles have no id, uid or author. */
export function entryArguments(types: SchemaTypes, single: boolean): GraphQLFieldConfigArgumentMap {
  const args: GraphQLFieldConfigArgumentMap = {
    ...elementArguments(),
    authorId: { type: GraphQLID, description: 'The ID of the user that created this entry.' },
    // Craft 5's name for several authors (sic: `authorsIds`, craft\gql\arguments\mutations\Entry).
    ...(types.craftVersion === '5' && {
      authorsIds: {
        type: new GraphQLList(GraphQLID),
        description: 'The ID of the users that authors of this entry.',
      },
    }),
    postDate: { type: types.dateTime, description: 'When should the entry be posted.' },
    expiryDate: { type: types.dateTime, description: 'When should the entry expire.' },
    slug: {
      type: GraphQLString,
      description: 'Narrows the query results based on the elements’ slugs.',
    },
    ...SITE_ID,
  };
  if (single) {
    delete args.id;
    delete args.uid;
    delete args.authorId;
    delete args.authorsIds;
  }
  return args;
}

/** Craft's structure operations, for structure sections and category groups. */
export function structureArguments(): GraphQLFieldConfigArgumentMap {
  return {
    prependTo: { type: GraphQLID, description: 'The ID of the element to prepend to.' },
    appendTo: { type: GraphQLID, description: 'The ID of the element to append to.' },
    prependToRoot: {
      type: GraphQLBoolean,
      description: 'Whether to prepend this element to the root.',
    },
    appendToRoot: {
      type: GraphQLBoolean,
      description: 'Whether to append this element to the root.',
    },
    insertBefore: {
      type: GraphQLID,
      description: 'The ID of the element this element should be inserted before.',
    },
    insertAfter: {
      type: GraphQLID,
      description: 'The ID of the element this element should be inserted after.',
    },
  };
}

/** Assets: Craft's `_file`, `newFolderId`, `uploaderId`, and our folder path, file name, alt, focal point, site. */
export function assetArguments(types: SchemaTypes): GraphQLFieldConfigArgumentMap {
  return {
    ...elementArguments(),
    _file: { type: fileInputType(types), description: 'The file to use for this asset' },
    newFolderId: { type: GraphQLID, description: 'ID of the new folder for this asset' },
    uploaderId: {
      type: GraphQLID,
      description: 'The ID of the user who first added this asset (if known).',
    },
    newFolderPath: {
      type: GraphQLString,
      description:
        'Not in Craft: the folder path inside the volume (`a/b`, `` for the root), created as needed.',
    },
    filename: {
      type: GraphQLString,
      description:
        'Not in Craft: the file name. Renames the file, names an upload, or (creating without `_file`) adopts a file already in the folder.',
    },
    alt: { type: GraphQLString, description: 'Not in Craft mutations: the alternative text.' },
    focalPoint: {
      type: new GraphQLList(GraphQLFloat),
      description: 'Not in Craft mutations: the focal point `[x, y]`, each between 0 and 1.',
    },
    ...SITE_ID,
  };
}

/** Categories and tags: the element's, plus our slug and site. */
export function groupElementArguments(): GraphQLFieldConfigArgumentMap {
  return {
    ...elementArguments(),
    slug: { type: GraphQLString, description: 'Not in Craft: the slug.' },
    ...SITE_ID,
  };
}

/** Global sets: only their fields in Craft; we add the site. */
export function globalSetArguments(): GraphQLFieldConfigArgumentMap {
  return { ...SITE_ID };
}
