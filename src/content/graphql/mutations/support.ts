import { GraphQLError } from 'graphql';
import type { GraphQLFieldConfig } from 'graphql';
import type { ElementKind } from '../../model/element-kinds';
import type { ElementLookups, IdentifiedElement } from '../../store/write/element-lookups';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { ContentMutations } from './content-mutations';
import { mutationError, PERMISSION_DENIED } from './errors';
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

/** What an update must find: an element of this kind in this container (section, volume, group). */
export interface ExpectedElement {
  readonly kind: ElementKind;
  readonly noun: string;
  readonly containerId: number;
  readonly containerNoun: string;
}

/**
 * The element a save mutation updates, with Craft's errors when it does not exist or lives in
 * another container; undefined when the mutation names none (a create).
 */
export async function existingElement(
  key: ReturnType<typeof elementKey>,
  lookups: ElementLookups,
  expected: ExpectedElement,
): Promise<IdentifiedElement | undefined> {
  if (key === undefined) return undefined;
  const existing = await lookups.element(key);
  if (existing?.kind !== expected.kind) throw mutationError(`No such ${expected.noun} exists`);
  if (existing.containerId !== expected.containerId) {
    throw mutationError(
      `Impossible to change the ${expected.containerNoun} of an existing ${expected.noun}`,
    );
  }
  return existing;
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
    if (!scope.sites.some((site) => site.id === args.siteId)) {
      throw new GraphQLError(`siteId ${args.siteId} is not a site this schema can read`);
    }
    return { siteId: args.siteId, explicit: true, creating };
  }
  if (scope.defaultSite === null) throw new GraphQLError(PERMISSION_DENIED);
  return { siteId: scope.defaultSite.id, explicit: false, creating };
}

/** Where the saved element is read back: the saved site first, then the schema's other sites. */
export function readSites(scope: SchemaScope, siteId: number): number[] {
  return [siteId, ...scope.sites.map((site) => site.id).filter((id) => id !== siteId)];
}
