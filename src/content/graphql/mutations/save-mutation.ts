import type { GraphQLFieldConfigArgumentMap, GraphQLObjectType } from 'graphql';
import type { Field } from '../../model/content-model';
import type { ElementRecord } from '../../store/element-record';
import type { ElementContentInput } from '../../store/write/write-input';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import type { SchemaTypes } from '../schema/schema-types';
import type { ContentMutations } from './content-mutations';
import { fieldInputArguments } from './field-inputs';
import { withCraft4MatrixInputs } from './nested-entry-input';
import { contentInput } from './content-input';
import { mutationError } from './errors';
import { type MutationField, mutationsOf } from './support';
import type { SaveSite } from './save-site';

/** Saves one element; `layout` holds the custom fields exposed as arguments. */
export type SaveResolver = (
  layout: readonly Field[],
  args: GraphqlArgs,
  context: GraphqlRequestContext,
  mutations: ContentMutations,
) => Promise<ElementRecord | null>;

/**
 * A `save_…` mutation field returning `object`: the built-in arguments, then an argument for every
 * field of `fields` the schema can express (those make the layout the resolver saves).
 */
export function saveMutationField(
  types: SchemaTypes,
  object: GraphQLObjectType,
  fields: readonly Field[],
  builtIn: GraphQLFieldConfigArgumentMap,
  description: string,
  resolve: SaveResolver,
): MutationField {
  const fieldArgs = fieldInputArguments(types, fields, builtIn);
  const layout = fields.filter((field) => field.handle in fieldArgs);
  return {
    type: object,
    description,
    args: { ...builtIn, ...fieldArgs },
    resolve: (_root, args, context) =>
      resolve(layout, withCraft4MatrixInputs(types, layout, args), context, mutationsOf(context)),
  };
}

/**
 * The content a save mutation writes (content-input.ts) with its other arguments, read by
 * `others` into the same problem list; every problem found is thrown as one error.
 */
export async function saveInput<T>(
  mutations: ContentMutations,
  args: GraphqlArgs,
  layout: readonly Field[],
  site: SaveSite,
  existingId: number | undefined,
  others: (problems: string[]) => T | Promise<T>,
): Promise<{ readonly content: ElementContentInput; readonly others: T }> {
  const problems: string[] = [];
  const content = await contentInput(
    args,
    layout,
    site,
    (field) => mutations.lookups.blocks(existingId!, field.id),
    problems,
  );
  const read = await others(problems);
  if (problems.length > 0) throw mutationError(problems.join('\n'));
  return { content, others: read };
}
