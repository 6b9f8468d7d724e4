/**
 * The prefix of the REST APIs (`/api/teams`, `/api/content/...`) and, exactly, the path where
 * sites usually route Craft's `graphql/api` action. Shared by the GraphQL endpoint and the API
 * guard, which tells the two apart by it.
 */
export const API_PATH = '/api';
