import { GraphQLError } from 'graphql';
import type { GraphQLFieldConfig } from 'graphql';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { ContentMutations } from './content-mutations.service';
import { PERMISSION_DENIED } from './mutation-errors';
import type { SaveSite } from './save-site';

export type MutationField = GraphQLFieldConfig<unknown, GraphqlRequestContext, GraphqlArgs>;

/** The writing side of the request (absent only where no writer was wired: a defect). */
export function mutationsOf(context: GraphqlRequestContext): ContentMutations {
  if (context.mutations === undefined) throw new Error('content mutations are not wired');
  return context.mutations;
}

/**
 * The element a save mutation names: by `uid` first, then by `id` (Craft's order); undefined when
 * it names none (a create). An id that is not a number names nothing that exists.
 */
export function elementKey(args: GraphqlArgs): { uid: string } | { id: number } | undefined {
  if (typeof args.uid === 'string' && args.uid !== '') return { uid: args.uid };
  if (args.id === undefined || args.id === null || args.id === '') return undefined;
  return { id: elementId(args.id) ?? -1 };
}

/** An `ID` or `Int` argument as an element id; undefined when it is not a positive integer. */
export function elementId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The site a save mutation writes in: `siteId` (a site the schema can read), else the schema's
 * default site (the primary site when readable).
 */
export function saveSite(scope: SchemaScope, args: GraphqlArgs, creating: boolean): SaveSite {
  if (typeof args.siteId === 'number') {
    if (!scope.sites.some((site) => site.id === args.siteId))
      throw new GraphQLError(`siteId ${args.siteId} is not a site this schema can read`);
    return { siteId: args.siteId, explicit: true, creating };
  }
  if (scope.defaultSite === null) throw new GraphQLError(PERMISSION_DENIED);
  return { siteId: scope.defaultSite.id, explicit: false, creating };
}

/** Where the saved element is read back: the saved site first, then the schema's other sites. */
export function readSites(scope: SchemaScope, siteId: number): number[] {
  return [siteId, ...scope.sites.map((site) => site.id).filter((id) => id !== siteId)];
}
