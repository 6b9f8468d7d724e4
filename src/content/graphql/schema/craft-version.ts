/**
 * The Craft GraphQL dialect a schema speaks (GRAPHQL_CRAFT_VERSION): the same model and store
 * answer both; only names and arguments differ (docs/content-graphql.md, "Craft 4 → 5").
 */
export type CraftVersion = '4' | '5';
