import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Secrets generated once per installation. Must match migrations/0004-installation-secrets.ts (a
 * unit test compares them).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
  dateCreated: timestamp('date_created', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
});
