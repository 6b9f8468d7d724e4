/**
 * A small HTTP client for the Grafana-compatible API in end-to-end tests: every answer is kept
 * whole (status, headers, raw text and parsed JSON) so tests can compare bodies exactly.
 */
export interface ApiAnswer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body; undefined when the body is not JSON. */
  readonly body: T;
}

export type Credentials =
  | { readonly basic: readonly [login: string, password: string] }
  | { readonly token: string }
  | { readonly header: string }
  | undefined;

export interface RequestOptions {
  readonly auth?: Credentials;
  /** Sent as X-Grafana-Org-Id. */
  readonly orgId?: number | string;
  /** A JSON value, or a raw string sent as is. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export function authorization(auth: Credentials): string | undefined {
  if (auth === undefined) return undefined;
  if ('basic' in auth) {
    return `Basic ${Buffer.from(`${auth.basic[0]}:${auth.basic[1]}`).toString('base64')}`;
  }
  if ('token' in auth) return `Bearer ${auth.token}`;
  return auth.header;
}

export class GrafanaApi {
  constructor(
    readonly baseUrl: string,
    readonly defaultAuth?: Credentials,
  ) {}

  as(auth: Credentials): GrafanaApi {
    return new GrafanaApi(this.baseUrl, auth);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const auth = authorization('auth' in options ? options.auth : this.defaultAuth);
    if (auth !== undefined) headers.authorization = auth;
    if (options.orgId !== undefined) headers['x-grafana-org-id'] = String(options.orgId);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed as T };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}
