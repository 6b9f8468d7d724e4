import { IDENTITY_AND_TEAMS } from './0001-identity-and-teams';
import { CONTENT } from './0002-content';
import { GRAPHQL_TOKENS } from './0003-graphql-tokens';
import { INSTALLATION_SECRETS } from './0004-installation-secrets';
import { TEAM_RESOURCES } from './0005-team-resources';
import { CONTENT_QUERY_INDEXES } from './0006-content-query-indexes';
import { ENTRY_AUTHORS } from './0007-entry-authors';
import { RELATION_PAIRS } from './0008-relation-pairs';
import { RELATION_PAIRS_COVERING } from './0009-relation-pairs-covering';
import { RELATION_SOURCE_DATES } from './0010-relation-source-dates';
import { Migration } from './migration';

/** Every migration, in the order they are applied. Append only; never edit a released one. */
export const MIGRATIONS: readonly Migration[] = [
  IDENTITY_AND_TEAMS,
  CONTENT,
  GRAPHQL_TOKENS,
  INSTALLATION_SECRETS,
  TEAM_RESOURCES,
  CONTENT_QUERY_INDEXES,
  ENTRY_AUTHORS,
  RELATION_PAIRS,
  RELATION_PAIRS_COVERING,
  RELATION_SOURCE_DATES,
];
