// Type-aware linting: floating promises and unsafe any are errors, not style.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const DOMAINS = ['ratelimit', 'content', 'teams', 'identity', 'api-guard'];

/**
 * A domain's entry files: what other domains may import of it (anything else inside it is its
 * own). A domain without one is imported by no other.
 */
const ENTRY_FILES = { identity: ['index'], ratelimit: ['index', 'testing'] };

/**
 * Files under `files` must not import from the `src/<domain>/` folders listed, and import the
 * other domains through their entry files only (`../identity`, never `../identity/auth/...`).
 */
function boundary(files, forbidden, own) {
  const others = DOMAINS.filter((domain) => domain !== own && !forbidden.includes(domain));
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden.map((domain) => ({
              group: [`**/${domain}/**`, `**/${domain}`],
              message: `this folder may not import src/${domain} (domain boundaries: docs/architecture.md)`,
            })),
            ...others.map((domain) => ({
              group: [
                `**/${domain}/**`,
                ...(ENTRY_FILES[domain] ?? []).map((entry) => `!**/${domain}/${entry}`),
              ],
              message: `import src/${domain} through its entry file (${(ENTRY_FILES[domain] ?? ['none']).join(', ')}), not its inner files (domain boundaries: docs/architecture.md)`,
            })),
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'coverage/**', 'data/**', '*.js', '*.mjs'],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  prettier,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // `== null` stays the idiom for "null or undefined"; every other comparison is strict.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // A body on its own line(s) gets braces; `if (x) return y;` on one line stays as it is.
      curly: ['error', 'multi-line'],
      // Small files named for what they hold (docs/architecture.md); a longer one says why.
      'max-lines': ['error', { max: 500 }],
      // A switch over a union (element kinds, field types, ...) names every member: a `default:`
      // branch does not count, so adding a member to FIELD_TYPES / ElementKinds (or any union) is
      // an error in each switch that must handle it.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false },
      ],
    },
  },
  {
    // Service code: a function says what it returns where others call it (exported functions,
    // public methods), and fits on a screen. Specs and repository suites are lists of cases in
    // one `describe` callback, outside the length limit.
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/explicit-module-boundary-types': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.suite.ts'],
    rules: {
      // Declarative tables (GraphQL field maps, settings groups, fixtures' data) may say why
      // they are longer with an eslint-disable comment.
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Browser scripts served as they are (src/content/playground/browser): no type information.
    files: ['src/**/browser/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/browser/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        [
          ...['window', 'document', 'localStorage', 'fetch', 'btoa', 'TextEncoder'],
          ...['React', 'ReactDOM', 'GraphiQL'],
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    files: ['**/*.spec.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Domain boundaries (docs/architecture.md): who may import whom.
  boundary(['src/ratelimit/**'], ['content', 'teams', 'identity', 'api-guard'], 'ratelimit'),
  boundary(['src/content/**'], ['teams', 'ratelimit', 'api-guard'], 'content'),
  boundary(['src/teams/**'], ['content', 'ratelimit', 'api-guard'], 'teams'),
  boundary(['src/identity/**'], ['content', 'teams', 'ratelimit', 'api-guard'], 'identity'),
  boundary(['src/api-guard/**'], ['content', 'teams'], 'api-guard'),
  boundary(['src/infra/**', 'src/settings/**'], DOMAINS),
);
