/** What the playground needs to know of a request to the GraphQL path. */
export interface PageRequestFacts {
  readonly method: string;
  /** The request URL (path and query string). */
  readonly url: string;
  readonly accept: string | undefined;
}

// Media types a GraphQL client asks for; a browser navigating to the page lists none of them.
const GRAPHQL_ANSWER_TYPES = ['application/json', 'application/graphql-response+json'];

/**
 * A browser opening the GraphQL path gets the playground instead of "No GraphQL query was
 * supplied": a GET (or HEAD) without a `query` parameter whose Accept header names text/html
 * explicitly and prefers it to JSON. Clients (`fetch`, curl: `*\/*`; GraphQL clients: JSON) and
 * any request that carries a query, even an empty one, still reach the endpoint.
 */
export function wantsPlaygroundPage(request: PageRequestFacts): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // Accept first: clients never prefer HTML, and parsing their query strings cost every GET.
  if (!prefersHtml(request.accept)) return false;
  const search = request.url.indexOf('?');
  return search < 0 || !new URLSearchParams(request.url.slice(search + 1)).has('query');
}

/** True when the Accept header names text/html with a weight at least that of every JSON type. */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const weights = acceptWeights(accept);
  const html = weights.get('text/html');
  if (html === undefined || html <= 0) return false;
  return GRAPHQL_ANSWER_TYPES.every((type) => (weights.get(type) ?? 0) <= html);
}

/** Media type (lower case, without parameters) to its `q` weight; the highest when repeated. */
function acceptWeights(accept: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const range of accept.split(',')) {
    const [type, ...parameters] = range.split(';').map((part) => part.trim());
    if (!type) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.split('=').map((part) => part.trim());
      if (name?.toLowerCase() !== 'q') continue;
      const parsed = Number(value);
      weight = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
    }
    const key = type.toLowerCase();
    weights.set(key, Math.max(weights.get(key) ?? 0, weight));
  }
  return weights;
}
