import { defaultFieldResolver, getDirectiveValues, isObjectType } from 'graphql';
import type {
  DirectiveNode,
  GraphQLDirective,
  GraphQLField,
  GraphQLFieldResolver,
  GraphQLResolveInfo,
  GraphQLSchema,
} from 'graphql';
import { formatDateTimeValue } from '../../directives/format-date-time';
import { renderMarkdown } from '../../directives/markdown';
import { parseRefs } from '../../directives/parse-refs';
import { stripTags } from '../../directives/strip-tags';
import { trimValue } from '../../directives/trim-value';
import { moneyDirective } from '../../directives/money';
import type { TransformArgs } from '../../transforms/asset-files';
import type { ElementSource, GraphqlRequestContext } from '../graphql-request-context';
import { CONTENT_DIRECTIVE_NAMES } from './directive-definitions';
import type { ContentDirectiveName } from './directive-definitions';
import { ElementKinds } from '../../model/element-kinds';

type Resolver = GraphQLFieldResolver<unknown, GraphqlRequestContext>;

const NAMES = new Set<string>(CONTENT_DIRECTIVE_NAMES);

/** Asset fields that describe the image and so take `@transform` as their own arguments. */
const TRANSFORMABLE_ASSET_FIELDS = new Set([
  'url',
  'width',
  'height',
  'format',
  'mimeType',
  'img',
  'srcset',
]);

/**
 * Makes every field of the schema honour the content directives: the field resolves as usual,
 * then each directive on it changes the value, left to right (Craft applies them in order).
 * `@transform` on an asset's url/width/height/format applies before resolving (the field then
 * describes the transformed image); on anything else it marks the resolved assets, so that their
 * url/width/height describe the transform.
 */
export function applyContentDirectives(schema: GraphQLSchema): void {
  const definitions = new Map<string, GraphQLDirective>();
  for (const directive of schema.getDirectives()) {
    if (NAMES.has(directive.name)) definitions.set(directive.name, directive);
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const assetType = type.getInterfaces().some((i) => i.name === 'AssetInterface');
    for (const field of Object.values(type.getFields()) as GraphQLField<
      unknown,
      GraphqlRequestContext
    >[]) {
      field.resolve = withDirectives(
        field.resolve ?? defaultFieldResolver,
        definitions,
        assetType && TRANSFORMABLE_ASSET_FIELDS.has(field.name),
      );
    }
  }
}

function withDirectives(
  resolve: Resolver,
  definitions: ReadonlyMap<string, GraphQLDirective>,
  transformsSource: boolean,
): Resolver {
  return (source, args, context, info) => {
    const nodes = info.fieldNodes[0]?.directives;
    // The common case: no directive on the field, no extra work.
    if (nodes === undefined || nodes.length === 0) return resolve(source, args, context, info);
    const applied = nodes.filter((node) => definitions.has(node.name.value));
    if (applied.length === 0) return resolve(source, args, context, info);
    const steps = applied.map((node) => ({
      name: node.name.value as ContentDirectiveName,
      args: directiveArgs(definitions, node, info),
    }));
    let resolveSource = source;
    const transform = steps.find((step) => step.name === 'transform');
    if (transform !== undefined && transformsSource) {
      resolveSource = { ...(source as ElementSource), transform: transform.args as TransformArgs };
    }
    const value = resolve(resolveSource, args, context, info);
    return steps.reduce<unknown>(
      (current, step) =>
        isPromiseLike(current)
          ? current.then((resolved) =>
              applyDirective(step.name, step.args, resolved, context, transformsSource),
            )
          : applyDirective(step.name, step.args, current, context, transformsSource),
      value,
    );
  };
}

function directiveArgs(
  definitions: ReadonlyMap<string, GraphQLDirective>,
  node: DirectiveNode,
  info: GraphQLResolveInfo,
): Record<string, unknown> {
  const definition = definitions.get(node.name.value);
  if (definition === undefined) return {};
  return getDirectiveValues(definition, { directives: [node] }, info.variableValues) ?? {};
}

function applyDirective(
  name: ContentDirectiveName,
  args: Record<string, unknown>,
  value: unknown,
  context: GraphqlRequestContext,
  transformsSource: boolean,
): unknown {
  switch (name) {
    case 'formatDateTime':
      return formatDateTimeValue(value, args, context.timeZone);
    case 'transform':
      return transformsSource ? value : markTransform(value, args);
    case 'markdown':
      return isText(value) ? renderMarkdown(String(value), args) : value;
    case 'parseRefs':
      return typeof value === 'string' ? parseRefs(value, context.references) : value;
    case 'stripTags':
      return typeof value === 'string' ? stripTags(value, args) : value;
    case 'trim':
      return typeof value === 'string' ? trimValue(value) : value;
    case 'money':
      return moneyDirective(value, args);
  }
}

/** Assets (alone or in a list) get the transform; other values pass unchanged. */
function markTransform(value: unknown, transform: TransformArgs): unknown {
  if (Array.isArray(value)) return value.map((item) => markTransform(item, transform));
  if (isAsset(value)) return { ...value, transform };
  return value;
}

function isAsset(value: unknown): value is ElementSource {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as ElementSource).kind === ElementKinds.asset
  );
}

/** Craft casts to string before parsing Markdown; null and structured values stay as they are. */
function isText(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
