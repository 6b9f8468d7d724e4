import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingDefinition } from './setting-definition';
import { allSettingDefinitions } from './settings.loader';
import { SETTING_GROUP_MODULES, SETTINGS_SCHEMA } from './schema/settings.schema';

/** The modules that read a variable (MODULES); every process reads the unlisted groups. */
function readersOf(env: string): string {
  for (const [group, definitions] of Object.entries(SETTINGS_SCHEMA)) {
    const envs = Object.values(definitions as Record<string, SettingDefinition<unknown>>);
    if (!envs.some((d) => d.env === env)) continue;
    return SETTING_GROUP_MODULES[group as keyof typeof SETTINGS_SCHEMA]?.join(', ') ?? 'all';
  }
  return 'all';
}

/*
 * `.env.example` and `docs/settings.md` are generated from the schema so they cannot drift:
 * `npm run docs:settings` rewrites them and a unit test compares.
 */

const HEADER = `# Every setting of the service with its default. Product names come first; the upstream
# Envoy rate limit service names (REDIS_*, MEMCACHE_*, LOCAL_CACHE_SIZE_IN_BYTES) are accepted as aliases.
# Generated from src/settings/schema/ by \`npm run docs:settings\`.
# Copied to \`.env\` in the working directory, it is read at start; real environment variables win.
`;

export function renderEnvExample(
  definitions: readonly SettingDefinition<unknown>[] = allSettingDefinitions(),
): string {
  const lines = [HEADER];
  for (const d of definitions) {
    const aliases = d.aliases.length > 0 ? ` (alias ${d.aliases.join(', ')})` : '';
    lines.push(`# ${d.doc}${aliases}`);
    const computed = typeof d.defaultValue === 'function';
    lines.push(computed ? `# default: ${d.defaultText}\n#${d.env}=` : `#${d.env}=${d.defaultText}`);
  }
  return lines.join('\n') + '\n';
}

export function renderSettingsTable(
  definitions: readonly SettingDefinition<unknown>[] = allSettingDefinitions(),
): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const rows = definitions.map(
    (d) =>
      `| \`${d.env}\` | ${d.aliases.map((a) => `\`${a}\``).join(', ')} | ${escape(d.defaultText) === '' ? '' : `\`${escape(d.defaultText)}\``} | ${readersOf(d.env)} | ${escape(d.doc)} |`,
  );
  return [
    '# Settings',
    '',
    'Every environment variable the service reads, generated from the schema in `src/settings/schema/`',
    '(`npm run docs:settings`). An invalid value stops the boot with a message naming the variable and the',
    'allowed values. Booleans take `true`/`false` (also `1`, `0`, `t`, `f`); durations use Go syntax (`500ms`,',
    '`10s`, `1h30m`); maps are `k1:v1,k2:v2`. When a product name and its upstream alias are both set, the',
    'product name wins and a warning is logged.',
    '',
    'Settings are the environment, validated by this schema, over a `.env`',
    'file in the working directory, read at start when there is one (the service and every command:',
    '`reset-admin-password`, `content-import`, `content-export`, `content-tokens`,',
    '`content-persisted-queries`): `NAME=value` lines in',
    "dotenv syntax, read by Node's own parser (quotes, `#` comments, `export NAME=value`; no `${VAR}` expansion). A variable set in the",
    'real environment, even empty, wins over the file.',
    '`.env.example` lists every variable with its default: copy it to `.env` and uncomment what you change.',
    '',
    '"Read by" names the modules (`MODULES`) that read a setting: a process that runs none of them keeps',
    "the setting's default and does not validate it.",
    '',
    '| variable | upstream alias | default | read by | meaning |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (require.main === module) {
  const root = join(__dirname, '..', '..');
  writeFileSync(join(root, '.env.example'), renderEnvExample());
  writeFileSync(join(root, 'docs', 'settings.md'), renderSettingsTable());
}
