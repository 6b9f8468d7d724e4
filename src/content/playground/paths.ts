/** Where the playground's files are served: fixed, whatever GRAPHQL_PATH is. */
export const ASSET_PREFIX = '/graphql-assets';

/** The control panel page listing GraphQL schemas and tokens. */
export const ADMIN_PAGE_PATH = '/content/admin';
