/**
 * A small client for the GraphQL endpoint in end-to-end tests: every request form Craft accepts
 * (GET parameters, POST JSON, POST application/graphql, form bodies, batches), with a token or
 * any headers, and every answer kept whole (status, headers, raw text, parsed JSON).
 */
export interface GraphqlAnswer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body; undefined when the body is not JSON. */
  readonly body: T;
}

export interface GraphqlOperationInput {
  readonly query?: unknown;
  readonly variables?: unknown;
  readonly operationName?: unknown;
}

export interface GraphqlRequestOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  readonly token?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export class GraphqlClient {
  /** `path`: GRAPHQL_PATH or `/api`. */
  constructor(
    readonly baseUrl: string,
    readonly path = '/graphql',
    readonly defaults: GraphqlRequestOptions = {},
  ) {}

  withToken(token: string | undefined): GraphqlClient {
    return new GraphqlClient(this.baseUrl, this.path, { ...this.defaults, token });
  }

  at(path: string): GraphqlClient {
    return new GraphqlClient(this.baseUrl, path, this.defaults);
  }

  /** GET with URL parameters; objects (variables) are sent as JSON text. */
  get<T = unknown>(params: Readonly<Record<string, unknown>>, options?: GraphqlRequestOptions) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    return this.send<T>('GET', `?${search.toString()}`, undefined, options);
  }

  /** POST application/json of one operation, a batch, or any other JSON value. */
  post<T = unknown>(body: unknown, options?: GraphqlRequestOptions) {
    return this.postRaw<T>(JSON.stringify(body), 'application/json', options);
  }

  /** POST application/graphql: the body is the query text. */
  postGraphql<T = unknown>(query: string, options?: GraphqlRequestOptions) {
    return this.postRaw<T>(query, 'application/graphql', options);
  }

  /** POST application/x-www-form-urlencoded. */
  postForm<T = unknown>(fields: Readonly<Record<string, string>>, options?: GraphqlRequestOptions) {
    return this.postRaw<T>(
      new URLSearchParams(fields).toString(),
      'application/x-www-form-urlencoded',
      options,
    );
  }

  /** POST a raw body; `search` (with `?`) adds URL parameters. */
  postRaw<T = unknown>(
    body: string,
    contentType: string | undefined,
    options?: GraphqlRequestOptions & { readonly search?: string },
  ) {
    const headers: Record<string, string> =
      contentType === undefined ? {} : { 'content-type': contentType };
    return this.send<T>('POST', options?.search ?? '', body, {
      ...options,
      headers: { ...headers, ...options?.headers },
    });
  }

  options(headers: Readonly<Record<string, string>> = {}) {
    return this.send('OPTIONS', '', undefined, { headers });
  }

  async send<T = unknown>(
    method: string,
    search: string,
    body: string | undefined,
    options: GraphqlRequestOptions = {},
  ): Promise<GraphqlAnswer<T>> {
    const token = 'token' in options ? options.token : this.defaults.token;
    const headers: Record<string, string> = { ...this.defaults.headers, ...options.headers };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${this.baseUrl}${this.path}${search}`, {
      method,
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed as T };
  }
}
