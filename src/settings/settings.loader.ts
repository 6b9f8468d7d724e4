import { EnvReader, SettingDefinition, SettingSchema } from './setting-definition';
import { parseMap } from './setting-parsers';
import { DogStatsdMogrifierSetting, Settings, SettingsError } from './settings';
import { SETTING_GROUP_MODULES, SETTINGS_SCHEMA, ServiceModule } from './schema/settings.schema';

type Env = Readonly<Record<string, string | undefined>>;

/** Every setting definition of the schema, in declaration order (for docs and tests). */
export function allSettingDefinitions(
  schema: SettingSchema = SETTINGS_SCHEMA,
): SettingDefinition<unknown>[] {
  return Object.values(schema).flatMap((group) => Object.values(group));
}

/**
 * Reads, parses and cross-checks every setting. Unset or empty variables take their defaults.
 * When a product name and its upstream alias are both set, the product name wins and a warning
 * is reported through `warn`.
 */
export function loadSettings(
  env: Env = process.env,
  warn: (message: string) => void = () => {},
): Settings {
  const definitions = new Map(allSettingDefinitions().map((d) => [d.env, d]));
  const problems: string[] = [];
  const warned = new Set<string>();

  const lookup = (
    definition: SettingDefinition<unknown>,
  ): { name: string; raw: string } | undefined => {
    const set = [definition.env, ...definition.aliases]
      .map((name) => ({ name, raw: env[name] }))
      .filter(
        (found): found is { name: string; raw: string } =>
          found.raw !== undefined && found.raw !== '',
      );
    if (
      set.length > 1 &&
      set.some((found) => found.raw !== set[0].raw) &&
      !warned.has(definition.env)
    ) {
      warned.add(definition.env);
      warn(
        `${set.map((found) => found.name).join(' and ')} are both set with different values; ${set[0].name} wins`,
      );
    }
    return set[0];
  };
  const reader: EnvReader = {
    has: (name) => lookup(definitionOf(definitions, name)) !== undefined,
    get: (name) => lookup(definitionOf(definitions, name))?.raw,
  };

  const settings: Record<string, Record<string, unknown>> = {};
  const modules = readModules(lookup);
  for (const [groupName, group] of Object.entries(SETTINGS_SCHEMA as SettingSchema)) {
    const owners = SETTING_GROUP_MODULES[groupName as keyof typeof SETTINGS_SCHEMA];
    const read = owners === undefined || owners.some((owner) => modules.includes(owner));
    const values: Record<string, unknown> = {};
    for (const [key, definition] of Object.entries(group)) {
      const found = read ? lookup(definition) : undefined;
      if (found === undefined) {
        const { defaultValue } = definition;
        values[key] =
          typeof defaultValue === 'function'
            ? (defaultValue as (e: EnvReader) => unknown)(reader)
            : defaultValue;
        continue;
      }
      try {
        values[key] = definition.parse(found.raw);
      } catch (error) {
        problems.push(`${found.name}=${JSON.stringify(found.raw)}: ${(error as Error).message}`);
      }
    }
    settings[groupName] = values;
  }
  if (problems.length === 0) problems.push(...crossCheck(settings as unknown as Settings));
  const mogrifiers =
    problems.length === 0
      ? readDogStatsdMogrifiers(settings as unknown as Settings, env, problems)
      : [];
  if (problems.length > 0) throw new SettingsError(problems);
  return deepFreeze({ ...settings, dogStatsdMogrifiers: mogrifiers }) as unknown as Settings;
}

/** MODULES first: it decides which other groups are read. */
function readModules(
  lookup: (definition: SettingDefinition<unknown>) => { name: string; raw: string } | undefined,
): readonly ServiceModule[] {
  const definition = SETTINGS_SCHEMA.modules.enabled;
  const found = lookup(definition);
  if (found === undefined) return definition.defaultValue as readonly ServiceModule[];
  try {
    return definition.parse(found.raw);
  } catch {
    return []; // reported with the others when the group itself is read
  }
}

/**
 * `DOG_STATSD_MOGRIFIER_<NAME>_*` for each name of USE_DOG_STATSD_MOGRIFIERS, only when the DogStatsD
 * sink is chosen (as upstream, which reads them when it builds that sink). PATTERN and NAME are
 * required; TAGS is `tag:template,...`.
 */
function readDogStatsdMogrifiers(
  settings: Settings,
  env: Env,
  problems: string[],
): DogStatsdMogrifierSetting[] {
  const { stats } = settings;
  if (stats.disabled || !stats.useDogStatsd) return [];
  const mogrifiers: DogStatsdMogrifierSetting[] = [];
  for (const id of stats.dogStatsdMogrifiers) {
    const variable = (part: string) => `DOG_STATSD_MOGRIFIER_${id}_${part}`;
    const required = (part: string): string | undefined => {
      const raw = env[variable(part)];
      if (raw !== undefined && raw !== '') return raw;
      problems.push(`${variable(part)} is not set: USE_DOG_STATSD_MOGRIFIERS lists ${id}`);
      return undefined;
    };
    const pattern = required('PATTERN');
    const metricName = required('NAME');
    if (pattern !== undefined) {
      try {
        new RegExp(pattern);
      } catch (error) {
        problems.push(
          `${variable('PATTERN')}=${JSON.stringify(pattern)}: not a valid regular expression (${(error as Error).message})`,
        );
      }
    }
    let tags: Record<string, string> = {};
    const rawTags = env[variable('TAGS')] ?? '';
    try {
      tags = parseMap(rawTags);
      if (Object.entries(tags).some(([key, value]) => key === '' || value === '')) {
        throw new Error('allowed values: a list of tag:template pairs separated by commas');
      }
    } catch (error) {
      problems.push(`${variable('TAGS')}=${JSON.stringify(rawTags)}: ${(error as Error).message}`);
    }
    if (pattern !== undefined && metricName !== undefined) {
      mogrifiers.push({ id, pattern, metricName, tags });
    }
  }
  return mogrifiers;
}

function definitionOf(
  definitions: Map<string, SettingDefinition<unknown>>,
  name: string,
): SettingDefinition<unknown> {
  const definition = definitions.get(name);
  if (!definition) throw new Error(`unknown setting ${name}`);
  return definition;
}

/** Rules that involve more than one variable. */
function crossCheck(settings: Settings): string[] {
  const problems: string[] = [];
  const { altcache, stats, grpc, counters, kvstore, kvstorePerSecond, modules } = settings;
  problems.push(...checkModules(settings));
  const limiting = modules.enabled.includes('ratelimit');
  if (limiting && altcache.hostPort.length > 0 && altcache.srv !== '') {
    problems.push('ALTCACHE_HOST_PORT and ALTCACHE_SRV are both set: set only one of them');
  }
  if (
    limiting &&
    counters.backend === 'altcache' &&
    altcache.hostPort.length === 0 &&
    altcache.srv === ''
  ) {
    problems.push('BACKEND_TYPE=altcache needs ALTCACHE_HOST_PORT or ALTCACHE_SRV');
  }
  const sinks = [
    stats.useStatsd && 'USE_STATSD',
    stats.useDogStatsd && 'USE_DOG_STATSD',
    stats.usePrometheus && 'USE_PROMETHEUS',
  ].filter(Boolean);
  if (!stats.disabled && sinks.length > 1) {
    problems.push(
      `unable to use more than one stats sink at the same time: ${sinks.join(', ')} are all true`,
    );
  }
  if (limiting && grpc.useTls && (grpc.tlsCert === '' || grpc.tlsKey === '')) {
    problems.push('GRPC_SERVER_USE_TLS=true needs GRPC_SERVER_TLS_CERT and GRPC_SERVER_TLS_KEY');
  }
  problems.push(...checkStoreModes(settings));
  if (counters.backend === 'kvstore') {
    problems.push(...checkStoreUrl('KVSTORE', kvstore.type, kvstore.url));
    if (limiting && kvstorePerSecond.enabled) {
      problems.push(
        ...checkStoreUrl('KVSTORE_PERSECOND', kvstorePerSecond.type, kvstorePerSecond.url),
      );
    }
  }
  return problems;
}

/** Settings that need a module MODULES leaves out. */
function checkModules(settings: Settings): string[] {
  const { modules, apiRateLimit } = settings;
  const list = `MODULES=${modules.enabled.join(',')}`;
  if (apiRateLimit.domain === '') return [];
  if (!modules.enabled.includes('ratelimit')) {
    return [
      `API_RATE_LIMIT_DOMAIN is set but ${list} leaves out ratelimit, which makes its decisions`,
    ];
  }
  const served = apiRateLimit.routes.filter((api) =>
    modules.enabled.includes(api === 'graphql' ? 'content' : 'teams'),
  );
  if (served.length === 0) {
    return [
      `API_RATE_LIMIT_DOMAIN is set but ${list} runs none of the APIs API_RATE_LIMIT_ROUTES=${apiRateLimit.routes.join(',')} protects`,
    ];
  }
  return [];
}

/** KVSTORE_CACHE_MODE and KVSTORE_FAILURE_MODE wrap the Redis store only. */
function checkStoreModes(settings: Settings): string[] {
  const { counters, modules } = settings;
  if (!modules.enabled.includes('ratelimit')) return [];
  const problems: string[] = [];
  const backend = `BACKEND_TYPE=${counters.backend}`;
  if (counters.cacheMode !== 'off' && counters.backend !== 'kvstore') {
    problems.push(
      `KVSTORE_CACHE_MODE=${counters.cacheMode} caches Redis counters: it needs BACKEND_TYPE=kvstore, not ${backend}`,
    );
  }
  if (counters.failureMode !== 'error' && counters.backend !== 'kvstore') {
    problems.push(
      `KVSTORE_FAILURE_MODE=${counters.failureMode} applies to the Redis store: it needs BACKEND_TYPE=kvstore, not ${backend}`,
    );
  }
  if (counters.cacheMode !== 'off' && counters.cacheFlushPeriod <= 0) {
    problems.push(
      `KVSTORE_CACHE_FLUSH_PERIOD must be above 0 with KVSTORE_CACHE_MODE=${counters.cacheMode}`,
    );
  }
  return problems;
}

function checkStoreUrl(prefix: string, type: string, url: string): string[] {
  const items = url.split(',').filter((item) => item.trim() !== '');
  if (items.length === 0) return [`${prefix}_URL is empty: give host:port or a socket path`];
  if (type === 'sentinel' && items.length < 2) {
    return [
      `${prefix}_URL=${JSON.stringify(url)}: a sentinel URL is master-name,host:port[,host:port...]`,
    ];
  }
  return [];
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
