import { Migration } from './migration';

/**
 * Random secrets generated once per installation (one database) and shared by every instance on
 * it, e.g. the key of the API guard's descriptor values. Written once, never updated.
 */
export const INSTALLATION_SECRETS: Migration = {
  id: '0004',
  name: 'installation_secrets',
  statements: [
    `CREATE TABLE installation_secrets (
      name text PRIMARY KEY,
      value bytea NOT NULL,
      date_created timestamptz NOT NULL DEFAULT now()
    )`,
  ],
};
