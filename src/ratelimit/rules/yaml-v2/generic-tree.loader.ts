import {
  isAlias,
  LineCounter,
  parseAllDocuments,
  Scalar,
  visit,
  type Alias,
  type Document,
  type Node as YamlNode,
  type YAMLError,
} from 'yaml';

import { GO_TYPE, mismatchText, unmarshalFailure, yamlFailure } from './error-texts';
import { TreeBuilder } from './generic-tree.builder';
import { isNullNode, type MapNode } from './tree-node';

/** Step 1 of reading a rule file: yaml.Unmarshal into map[interface{}]interface{}. */
export function loadGenericTree(text: string): MapNode {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, {
    version: '1.1', // yes/no/on/off are booleans, as in yaml.v2
    uniqueKeys: false, // yaml.v2 accepts duplicate keys; the later one wins
    intAsBigInt: true, // tells integers beyond int64 apart from floats
    prettyErrors: false,
    lineCounter: lines,
  });
  // yaml.v2 Unmarshal reads the first document only.
  const doc = docs[0];
  if (doc === undefined) {
    return { kind: 'map', line: 1, pairs: [] };
  }
  const [error] = doc.errors;
  if (error !== undefined) {
    throw yamlFailure(`line ${lines.linePos(error.pos[0]).line}: ${parseErrorReason(error)}`);
  }
  if (endsInUnclosedQuote(doc, text)) {
    throw yamlFailure(`line ${lines.linePos(text.length).line}: found unexpected end of stream`);
  }
  const root = new TreeBuilder(lines, resolveAliasTargets(doc)).build(doc.contents, 1);
  if (root.kind === 'map') {
    return root;
  }
  if (isNullNode(root)) {
    return { kind: 'map', line: root.line, pairs: [] };
  }
  throw unmarshalFailure([mismatchText(root, GO_TYPE.genericMap)]);
}

/** libyaml reports an unterminated quoted scalar as running into the end of the stream. */
function parseErrorReason(error: YAMLError): string {
  const unterminatedQuote = error.code === 'MISSING_CHAR' && /closing .?quote/.test(error.message);
  return unterminatedQuote ? 'found unexpected end of stream' : error.message;
}

/**
 * The yaml package takes a final `'''` or `"a\"` with no newline after it as closed; libyaml
 * runs into the end of the stream instead.
 */
function endsInUnclosedQuote(doc: Document, text: string): boolean {
  let unclosed = false;
  visit(doc, {
    Scalar(_key, node) {
      const quoted = node.type === Scalar.QUOTE_SINGLE || node.type === Scalar.QUOTE_DOUBLE;
      if (quoted && node.range?.[1] === text.length) {
        unclosed = !isClosedQuote(text.slice(node.range[0], node.range[1]));
      }
    },
  });
  return unclosed;
}

/** Whether a quoted scalar's source has its closing quote (`''` and `\"` are escapes). */
function isClosedQuote(source: string): boolean {
  const quote = source[0];
  for (let i = 1; i < source.length; i += 1) {
    if (quote === '"' && source[i] === '\\') {
      i += 1;
    } else if (source[i] === quote) {
      if (quote === '"' || source[i + 1] !== "'") return true;
      i += 1;
    }
  }
  return false;
}

/** Maps each alias to the last node anchored with its name before it (document order). */
function resolveAliasTargets(doc: Document): ReadonlyMap<Alias, YamlNode> {
  const anchors = new Map<string, YamlNode>();
  const targets = new Map<Alias, YamlNode>();
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target !== undefined) targets.set(node, target);
      } else if (node.anchor !== undefined) {
        anchors.set(node.anchor, node);
      }
    },
  });
  return targets;
}
