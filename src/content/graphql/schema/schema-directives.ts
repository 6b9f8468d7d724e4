import type { GraphQLDirective } from 'graphql';
import { SWITCHED_DIRECTIVES } from '../../model/scope-normaliser';
import type { CraftVersion } from './craft-version';
import type { SchemaScope } from './schema-scope';

const SWITCHED = new Set<string>(SWITCHED_DIRECTIVES);

/**
 * The directives one generated schema declares. Craft 5.9 made `@transform` and `@parseRefs`
 * per-schema switches (`directive:transform`, `directive:parseRefs`), and its upgrade granted
 * both to every schema that existed before. Our project files predate the switches, so in the
 * Craft 5 dialect a scope that lists no `directive:*` component keeps both (as an upgraded site
 * does), and one that lists any has exactly the switched directives it lists: a query using the
 * other fails validation as an unknown directive. The full schema lists none and keeps both;
 * the Craft 4 dialect ignores the components (docs/content-graphql.md, "Craft 4 → 5").
 */
export function schemaDirectives(
  directives: readonly GraphQLDirective[],
  scope: SchemaScope,
  craftVersion: CraftVersion,
): GraphQLDirective[] {
  if (craftVersion === '4' || scope.directiveComponents.size === 0) return [...directives];
  return directives.filter(
    (directive) =>
      !SWITCHED.has(directive.name) || scope.directiveComponents.has(directive.name.toLowerCase()),
  );
}
