/**
 * The metric names and label names a PromQL expression uses, by a small scan (no PromQL parser
 * is a dependency): strings dropped, `{...}` matchers read for their label names, `by (...)` /
 * `without (...)` / `on (...)` / `ignoring (...)` for theirs, `[5m]` ranges and `offset 5m` dropped;
 * what is left of the identifiers, not followed by `(` and not a keyword, is a metric name.
 */
export interface PromqlUse {
  readonly metrics: string[];
  /** Label names per metric (from its own matcher). */
  readonly matchers: Map<string, string[]>;
  /** Label names of aggregations and vector matching: on one of the expression's metrics. */
  readonly grouping: string[];
}

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'and',
  'or',
  'unless',
  'bool',
  'inf',
  'nan',
]);

export function promqlUse(expression: string): PromqlUse {
  let text = expression.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/'(?:[^'\\]|\\.)*'/g, "''");
  // Grafana's variables: `$__rate_interval`, `$__range`, `$job`.
  text = text.replace(/\[[^\]]*\]/g, '').replace(/\boffset\s+\S+/g, '');
  const grouping: string[] = [];
  text = text.replace(
    /\b(by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g,
    (_m, _k, labels: string) => {
      grouping.push(
        ...labels
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean),
      );
      return ' ';
    },
  );
  const matchers = new Map<string, string[]>();
  const metrics: string[] = [];
  const pattern = /([a-zA-Z_:][a-zA-Z0-9_:]*)?\s*(\{[^}]*\})|([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g;
  for (const match of text.matchAll(pattern)) {
    if (match[2] !== undefined) {
      const labels = [...match[2].matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map(
        (m) => m[1],
      );
      const name = match[1];
      if (name !== undefined && !KEYWORDS.has(name)) {
        metrics.push(name);
        matchers.set(name, [...(matchers.get(name) ?? []), ...labels]);
      }
      continue;
    }
    const word = match[3];
    if (match[4] !== undefined || KEYWORDS.has(word.toLowerCase())) continue;
    if (/^\d/.test(word)) continue;
    metrics.push(word);
  }
  return { metrics: [...new Set(metrics)], matchers, grouping: [...new Set(grouping)] };
}
