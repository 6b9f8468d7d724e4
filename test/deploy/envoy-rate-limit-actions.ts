/**
 * A small model of what Envoy's HTTP rate limit filter sends for one request: the route a request
 * takes in a `route_config`, and the descriptors its `rate_limits` actions produce. Only the parts of
 * the Envoy API the repository's Envoy files use are modelled; anything else throws, so a new action
 * in an `envoy.yaml` fails the test until it is modelled here too.
 *
 * Semantics (envoy.config.route.v3.RateLimit): each `rate_limits` entry gives at most one descriptor,
 * its actions' entries in order; an action that has no value for the request (a missing header, a
 * header match that does not come out as expected) drops the whole descriptor, except a
 * `request_headers` action with `skip_if_absent`, which is left out. A route's own `rate_limits` are
 * used; the virtual host's are used when the route has none or sets `include_vh_rate_limits`.
 */

export interface SampleRequest {
  readonly method: string;
  /** `:path`, with the query string. */
  readonly path: string;
  /** Header names in lower case. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The address Envoy puts in `remote_address` entries (the peer, with use_remote_address). */
  readonly remoteAddress: string;
}

export interface DescriptorEntry {
  readonly key: string;
  readonly value: string;
}

export type Descriptor = readonly DescriptorEntry[];

type Yaml = Record<string, unknown>;

export interface RateLimitFilterConfig {
  readonly domain: string;
  readonly stage: number;
  readonly cluster: string;
}

/** The first listener's HTTP connection manager: its route config and its rate limit filter. */
export function httpConnectionManager(envoy: Yaml): {
  routeConfig: Yaml;
  rateLimitFilter: RateLimitFilterConfig;
} {
  const listeners = ((envoy.static_resources as Yaml | undefined)?.listeners ?? []) as Yaml[];
  for (const listener of listeners) {
    for (const chain of (listener.filter_chains ?? []) as Yaml[]) {
      for (const filter of (chain.filters ?? []) as Yaml[]) {
        if (filter.name !== 'envoy.filters.network.http_connection_manager') continue;
        const manager = filter.typed_config as Yaml;
        const httpFilters = (manager.http_filters ?? []) as Yaml[];
        const rateLimit = httpFilters.find(
          (httpFilter) => httpFilter.name === 'envoy.filters.http.ratelimit',
        );
        if (!rateLimit) throw new Error('no envoy.filters.http.ratelimit filter');
        const config = rateLimit.typed_config as Yaml;
        const service = config.rate_limit_service as Yaml;
        if (service.transport_api_version !== 'V3') {
          throw new Error('rate_limit_service.transport_api_version must be V3');
        }
        const grpc = (service.grpc_service as Yaml).envoy_grpc as Yaml;
        return {
          routeConfig: manager.route_config as Yaml,
          rateLimitFilter: {
            domain: String(config.domain),
            stage: Number(config.stage ?? 0),
            cluster: String(grpc.cluster_name),
          },
        };
      }
    }
  }
  throw new Error('no http_connection_manager in the static listeners');
}

/** The descriptors the filter (at `stage`) sends for `request`. */
export function descriptorsFor(routeConfig: Yaml, request: SampleRequest, stage = 0): Descriptor[] {
  const host = request.headers?.host ?? '';
  const virtualHosts = (routeConfig.virtual_hosts ?? []) as Yaml[];
  const virtualHost = virtualHosts.find((candidate) =>
    ((candidate.domains ?? []) as string[]).some((domain) => domain === '*' || domain === host),
  );
  if (!virtualHost) throw new Error(`no virtual host for ${host}`);
  const route = ((virtualHost.routes ?? []) as Yaml[]).find((candidate) =>
    routeMatches(candidate.match as Yaml, request),
  );
  if (!route) return [];
  const action = (route.route ?? {}) as Yaml;
  const routeLimits = (action.rate_limits ?? []) as Yaml[];
  const hostLimits = (virtualHost.rate_limits ?? []) as Yaml[];
  const limits =
    routeLimits.length === 0 || action.include_vh_rate_limits === true
      ? [...routeLimits, ...hostLimits]
      : routeLimits;
  const descriptors: Descriptor[] = [];
  for (const limit of limits) {
    if (Number(limit.stage ?? 0) !== stage) continue;
    const descriptor = descriptorOf((limit.actions ?? []) as Yaml[], request);
    if (descriptor && descriptor.length > 0) descriptors.push(descriptor);
  }
  return descriptors;
}

function routeMatches(match: Yaml, request: SampleRequest): boolean {
  const path = request.path.split('?')[0];
  if (typeof match.path === 'string' && path !== match.path) return false;
  if (typeof match.prefix === 'string' && !path.startsWith(match.prefix)) return false;
  const headers = (match.headers ?? []) as Yaml[];
  return headers.every((matcher) => headerMatches(matcher, request));
}

function descriptorOf(actions: readonly Yaml[], request: SampleRequest): Descriptor | undefined {
  const entries: DescriptorEntry[] = [];
  for (const action of actions) {
    const [kind, ...others] = Object.keys(action);
    if (others.length > 0) {
      throw new Error(`one action per list item: ${Object.keys(action).join(', ')}`);
    }
    const options = (action[kind] ?? {}) as Yaml;
    switch (kind) {
      case 'request_headers': {
        const value = headerValue(request, String(options.header_name));
        if (value === undefined) {
          if (options.skip_if_absent === true) continue;
          return undefined;
        }
        entries.push({ key: String(options.descriptor_key), value });
        break;
      }
      case 'remote_address':
        entries.push({ key: 'remote_address', value: request.remoteAddress });
        break;
      case 'generic_key':
        entries.push({
          key: typeof options.descriptor_key === 'string' ? options.descriptor_key : 'generic_key',
          value: String(options.descriptor_value),
        });
        break;
      case 'header_value_match': {
        const matched = ((options.headers ?? []) as Yaml[]).every((matcher) =>
          headerMatches(matcher, request),
        );
        if (matched !== (options.expect_match ?? true)) return undefined;
        entries.push({
          key: typeof options.descriptor_key === 'string' ? options.descriptor_key : 'header_match',
          value: String(options.descriptor_value),
        });
        break;
      }
      default:
        throw new Error(`rate limit action ${kind} is not modelled by this test`);
    }
  }
  return entries;
}

function headerValue(request: SampleRequest, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower === ':path') return request.path;
  if (lower === ':method') return request.method;
  return request.headers?.[lower];
}

/** envoy.config.route.v3.HeaderMatcher, with the string_match forms. */
function headerMatches(matcher: Yaml, request: SampleRequest): boolean {
  const value = headerValue(request, String(matcher.name));
  let matched: boolean;
  if (matcher.present_match !== undefined) {
    matched = (value !== undefined) === matcher.present_match;
  } else if (value === undefined) {
    matched = false;
  } else if (matcher.string_match !== undefined) {
    matched = stringMatches(matcher.string_match as Yaml, value);
  } else {
    throw new Error(`header matcher form not modelled: ${JSON.stringify(matcher)}`);
  }
  return matcher.invert_match === true ? !matched : matched;
}

function stringMatches(match: Yaml, value: string): boolean {
  const subject = match.ignore_case === true ? value.toLowerCase() : value;
  const text = (raw: unknown) =>
    match.ignore_case === true ? String(raw).toLowerCase() : String(raw);
  if (match.exact !== undefined) return subject === text(match.exact);
  if (match.prefix !== undefined) return subject.startsWith(text(match.prefix));
  if (match.suffix !== undefined) return subject.endsWith(text(match.suffix));
  if (match.contains !== undefined) return subject.includes(text(match.contains));
  if (match.safe_regex !== undefined) {
    // RE2 matches the whole value.
    return new RegExp(`^(?:${String((match.safe_regex as Yaml).regex)})$`).test(value);
  }
  throw new Error(`string matcher form not modelled: ${JSON.stringify(match)}`);
}
