import type { GraphqlTokenInfo } from './graphql-tokens.service';

/** A token as the admin API shows it: never the token itself (only its creation answer has it). */
export interface TokenView {
  readonly id: number;
  readonly uid: string;
  readonly name: string;
  /** Handle of the schema; null when the schema is no longer in the model. */
  readonly schema: string | null;
  readonly schemaUid: string;
  readonly enabled: boolean;
  readonly expiryDate: string | null;
  readonly lastUsed: string | null;
  readonly dateCreated: string;
}

export function tokenView(token: GraphqlTokenInfo): TokenView {
  return {
    id: token.id,
    uid: token.uid,
    name: token.name,
    schema: token.schemaHandle,
    schemaUid: token.schemaUid,
    enabled: token.enabled,
    expiryDate: token.expiryDate?.toISOString() ?? null,
    lastUsed: token.lastUsed?.toISOString() ?? null,
    dateCreated: token.dateCreated.toISOString(),
  };
}
