import {
  DirectiveLocation,
  specifiedDirectives,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLList,
  GraphQLString,
} from 'graphql';
import { TRANSFORM_ARGUMENTS } from './transform-arguments';

/**
 * Craft's field directives (docs/content-directives.md), all `on FIELD`, applied to resolved values
 * left to right.
 */
export const CONTENT_DIRECTIVE_NAMES = [
  'formatDateTime',
  'transform',
  'markdown',
  'parseRefs',
  'stripTags',
  'trim',
  'money',
] as const;
export type ContentDirectiveName = (typeof CONTENT_DIRECTIVE_NAMES)[number];

/** `@formatDateTime`; the `timezone` default depends on the dates-in-system-time-zone setting. */
export function formatDateTimeDirective(defaultTimeZone: string): GraphQLDirective {
  return new GraphQLDirective({
    name: 'formatDateTime',
    description:
      'Formats a date in the desired format. Can be applied to all fields, only changes output of DateTime fields.',
    locations: [DirectiveLocation.FIELD],
    args: {
      format: {
        type: GraphQLString,
        defaultValue: 'Y-m-d\\TH:i:sP',
        description:
          'The format to use. Can be `short`, `medium`, `long` or `full`, an ICU pattern prefixed with `icu:`, or PHP date() letters.',
      },
      timezone: {
        type: GraphQLString,
        defaultValue: defaultTimeZone,
        description: 'The full name of the timezone (e.g. `America/New_York`).',
      },
      locale: {
        type: GraphQLString,
        description: 'The locale to use when formatting the date (e.g. `en-US`).',
      },
    },
  });
}

/**
 * `@transform` takes the asset `url` arguments (transform-arguments.ts), three of them described
 * more fully, as Craft's directive does.
 */
const TRANSFORM_DIRECTIVE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  position:
    'The position to use when cropping, if no focal point specified (e.g. `center-center`).',
  interlace: 'The interlace mode to use for the transform (`none`, `line`, `plane`, `partition`).',
  format: 'The format to use for the transform (`jpg`, `png`, `gif`, `webp`, `avif`).',
};

export const transformDirective = new GraphQLDirective({
  name: 'transform',
  description:
    'Returns a URL for an asset transform. Accepts the same arguments as the Asset `url` field.',
  locations: [DirectiveLocation.FIELD],
  args: Object.fromEntries(
    Object.entries(TRANSFORM_ARGUMENTS).map(([name, arg]) => [
      name,
      { ...arg, description: TRANSFORM_DIRECTIVE_DESCRIPTIONS[name] ?? arg.description },
    ]),
  ),
});

export const markdownDirective = new GraphQLDirective({
  name: 'markdown',
  description: 'Parses the passed field value as Markdown.',
  locations: [DirectiveLocation.FIELD],
  args: {
    flavor: {
      type: GraphQLString,
      defaultValue: 'original',
      description:
        'The “flavor” of Markdown the input should be interpreted with. Accepts the same arguments as yii\\helpers\\Markdown::process().',
    },
    inlineOnly: {
      type: GraphQLBoolean,
      defaultValue: false,
      description: 'Whether to only parse inline elements, omitting any `<p>` tags.',
    },
  },
});

export const parseRefsDirective = new GraphQLDirective({
  name: 'parseRefs',
  description: 'Parses the passed field value for reference tags.',
  locations: [DirectiveLocation.FIELD],
});

export const stripTagsDirective = new GraphQLDirective({
  name: 'stripTags',
  description: 'Strips HTML tags from the field value.',
  locations: [DirectiveLocation.FIELD],
  args: {
    allowed: {
      type: new GraphQLList(GraphQLString),
      defaultValue: [],
      description: 'Tag names that should be kept.',
    },
  },
});

export const trimDirective = new GraphQLDirective({
  name: 'trim',
  description: 'Trims leading and trailing whitespace from the field value.',
  locations: [DirectiveLocation.FIELD],
});

export const moneyDirective = new GraphQLDirective({
  name: 'money',
  description: 'Formats a money object to the desired format. Only changes output of Money fields.',
  locations: [DirectiveLocation.FIELD],
  args: {
    format: {
      type: GraphQLString,
      defaultValue: 'string',
      description: 'The format to use: `string`, `number`, `decimal` or `amount`.',
    },
    locale: {
      type: GraphQLString,
      description: 'The locale to use when formatting the money (e.g. `en-US`).',
    },
  },
});

/**
 * The schema's directives: graphql-js's own and Craft's content directives. GraphQLModule declares
 * them in the code-first base (`buildSchemaOptions.directives`); every per-scope schema has them.
 */
export function contentDirectives(defaultTimeZone: string): GraphQLDirective[] {
  return [
    formatDateTimeDirective(defaultTimeZone),
    transformDirective,
    markdownDirective,
    parseRefsDirective,
    stripTagsDirective,
    trimDirective,
    moneyDirective,
  ];
}

/** Every directive of a standalone schema (no code-first base: unit tests). */
export function allDirectives(defaultTimeZone: string): GraphQLDirective[] {
  return [...specifiedDirectives, ...contentDirectives(defaultTimeZone)];
}
