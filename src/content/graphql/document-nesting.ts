import { GraphQLError, Kind, Source } from 'graphql';
import type { DocumentNode, SelectionSetNode } from 'graphql';

/**
 * How deeply a query document may nest, counting brackets in the text and, once parsed, fragment
 * spreads too. graphql-js parses, validates and executes recursively: a few thousand levels of
 * `{`, `[` or spreads exhaust the stack. Real queries nest a few dozen levels at most.
 */
export const MAX_DOCUMENT_NESTING = 500;

const OPENING = new Set(['{', '[', '(']);
const CLOSING = new Set(['}', ']', ')']);

/**
 * A syntax error at the first bracket of a query text nested more than `max` levels, or
 * undefined. Strings, block strings and comments are skipped as the lexer skips them; unbalanced
 * or unterminated text is left for the parser to report.
 */
export function textNestingError(query: string, max: number): GraphQLError | undefined {
  let depth = 0;
  let i = 0;
  while (i < query.length) {
    const char = query[i];
    if (char === '#') {
      i = lineEnd(query, i);
    } else if (char === '"') {
      i = query.startsWith('"""', i) ? blockStringEnd(query, i + 3) : stringEnd(query, i + 1);
    } else {
      if (OPENING.has(char) && ++depth > max) {
        return new GraphQLError(`Syntax Error: Document nests more than ${max} levels.`, {
          source: new Source(query),
          positions: [i],
        });
      }
      if (CLOSING.has(char) && depth > 0) depth--;
      i++;
    }
  }
  return undefined;
}

function lineEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

/** After the closing quote of a string whose content starts at `from` (or at its line's end). */
function stringEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\') i += 2;
    else if (char === '"') return i + 1;
    else if (char === '\n' || char === '\r') return i;
    else i++;
  }
  return i;
}

/** After the closing `"""` of a block string whose content starts at `from`. */
function blockStringEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    if (text.startsWith('\\"""', i)) i += 4;
    else if (text.startsWith('"""', i)) return i + 3;
    else i++;
  }
  return i;
}

/** A fragment spread and how many selection sets enclose it within its definition. */
interface Spread {
  readonly name: string;
  readonly level: number;
}

/** The levels of one definition's own text and the spreads in it. */
interface DefinitionShape {
  readonly levels: number;
  readonly spreads: readonly Spread[];
}

/**
 * An error when the document nests more than `max` levels once fragment spreads are followed (a
 * chain of fragments each spreading the next is as deep as the chain is long), or undefined. Each
 * selection set and each spread counts one level. A spread that closes a cycle counts no further
 * (validation reports the cycle); an unknown fragment counts nothing. Iterative, as the documents
 * it measures are the ones that would exhaust the stack.
 */
export function spreadNestingError(document: DocumentNode, max: number): GraphQLError | undefined {
  const fragments = new Map<string, DefinitionShape>();
  const operations: DefinitionShape[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, shapeOf(definition.selectionSet));
    } else if (definition.kind === Kind.OPERATION_DEFINITION) {
      operations.push(shapeOf(definition.selectionSet));
    }
  }
  const heights = fragmentHeights(fragments);
  let deepest = 0;
  for (const height of heights.values()) deepest = Math.max(deepest, height);
  for (const operation of operations) {
    deepest = Math.max(
      deepest,
      heightOf(operation, (name) => heights.get(name) ?? 0),
    );
  }
  if (deepest <= max) return undefined;
  return new GraphQLError(`Document nests more than ${max} levels through fragment spreads.`);
}

function shapeOf(root: SelectionSetNode): DefinitionShape {
  let levels = 0;
  const spreads: Spread[] = [];
  const pending: [SelectionSetNode, number][] = [[root, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [set, level] = next;
    levels = Math.max(levels, level);
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        spreads.push({ name: selection.name.value, level });
      } else if (selection.selectionSet !== undefined) {
        pending.push([selection.selectionSet, level + 1]);
      }
    }
  }
  return { levels, spreads };
}

/** A definition's own levels, or a spread's level plus one plus its fragment's height. */
function heightOf(shape: DefinitionShape, fragmentHeight: (name: string) => number): number {
  let height = shape.levels;
  for (const spread of shape.spreads) {
    height = Math.max(height, spread.level + 1 + fragmentHeight(spread.name));
  }
  return height;
}

/**
 * Every fragment's height, depth-first without recursion. A spread of a fragment still being
 * measured (a cycle) or of an unknown fragment adds only its own level.
 */
function fragmentHeights(fragments: ReadonlyMap<string, DefinitionShape>): Map<string, number> {
  const heights = new Map<string, number>();
  const open = new Set<string>();
  for (const start of fragments.keys()) {
    if (heights.has(start)) continue;
    // Each frame remembers which of its spreads it has descended into already.
    const stack: { name: string; shape: DefinitionShape; next: number }[] = [];
    const enter = (name: string) => {
      open.add(name);
      stack.push({ name, shape: fragments.get(name)!, next: 0 });
    };
    enter(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const spread = frame.shape.spreads[frame.next];
      if (spread !== undefined) {
        frame.next++;
        const known = fragments.has(spread.name) && !heights.has(spread.name);
        if (known && !open.has(spread.name)) enter(spread.name);
        continue;
      }
      heights.set(
        frame.name,
        heightOf(frame.shape, (name) => (open.has(name) ? 0 : (heights.get(name) ?? 0))),
      );
      open.delete(frame.name);
      stack.pop();
    }
  }
  return heights;
}
