/** The one Drizzle schema of the service (both drivers, one migration set). */
export * from './identity.schema';
export * from './teams.schema';
export * from './content.schema';
export * from './graphql-tokens.schema';
export * from './installation-secrets.schema';
