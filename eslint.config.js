import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverArchitecture } from './eslint/server-architecture.js';

const SERVER_MODULES = './apps/server/src/modules';
const serverModules = readdirSync(SERVER_MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_FEATURES = './apps/web/src/features';
const webFeatures = readdirSync(WEB_FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The architecture's boundaries (docs/architecture.md#boundaries), checked on every import instead of remembered:
 * dependencies point from the apps to the packages and from the server's modules to `platform/`,
 * never back; a module is reached only through its public face, its `index.ts`.
 */
const boundaryZones = [
  // The browser suites start a real server with the server's own test launcher, and nothing else of it.
  { target: './apps/web', from: './apps/server', except: ['./test/support/server-process.ts'], message: 'The web app talks to the server over HTTP only.' },
  // Their source, that is: the SDK's and CLI's tests and the SDK's type generator run a real server.
  { target: './packages/*/src/**', from: './apps', message: 'The packages know nothing of the apps that use them.' },
  { target: './packages/shared', from: './packages/engine', message: 'The shared contract depends on nothing.' },
  {
    target: './apps/server/src/platform',
    from: SERVER_MODULES,
    message: 'platform/ serves the modules and depends on none of them: take what it needs as a parameter.',
  },
  // A web feature is one screen family: pages in app/ compose features, and what two features share
  // lives in components/ or lib/ (lib/api/ for an endpoint several features read).
  ...webFeatures.flatMap((target) =>
    webFeatures
      .filter((from) => from !== target)
      .map((from) => ({
        target: `${WEB_FEATURES}/${target}`,
        from: `${WEB_FEATURES}/${from}`,
        message: `Features do not import each other: move what ${target} needs of ${from} to components/ or lib/.`,
      })),
  ),
  ...serverModules.flatMap((target) =>
    serverModules
      .filter((from) => from !== target)
      .map((from) => ({
        target: `${SERVER_MODULES}/${target}`,
        from: `${SERVER_MODULES}/${from}`,
        except: ['./index.ts'],
        message: `Import the ${from} module through its public face, modules/${from}/index.ts.`,
      })),
  ),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.config.js', 'integrations/wordpress/altwise/build/**', 'integrations/wordpress/src/**'] },
  js.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['apps/web/src/**'], languageOptions: { globals: { ...globals.browser } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x cannot read the TypeScript files it follows, and no-cycle sees no edge.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // No module imports a test file, so no cycle can pass through one: the search from each of them
    // (through all the app it imports) was half of the rule's time for nothing.
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // The server's layers (docs/architecture.md): a module imports only what it declares it needs,
    // routes hold no database, platform/ holds no SQL. Tests may arrange a case any way they like.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    plugins: { 'server-architecture': serverArchitecture },
    rules: { 'server-architecture/module-needs': 'error' },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    plugins: { 'server-architecture': serverArchitecture },
    rules: { 'server-architecture/routes-hold-no-database': 'error' },
  },
  {
    // Services, and the module files that work like them, are handed their repositories: only a
    // module's registration (*.module.ts) builds them, so a service holds no database handle to build from.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.module.ts', '**/*.repository.ts', '**/index.ts', '**/*.routes.ts', '**/*.test.ts', '**/*.test-support.ts'],
    plugins: { 'server-architecture': serverArchitecture },
    rules: { 'server-architecture/services-are-given-repositories': 'error' },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'platform/ holds no SQL: put the statement in a repository (db/ or the owning module).' },
        {
          selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]",
          message: 'platform/ holds no SQL: put the query in a repository (db/ or the owning module).',
        },
      ],
    },
  },
  {
    // The web app sends every call through lib/api-client.ts; of the SDK it reads only the types
    // generated from the served OpenAPI document (erased at build time, nothing of it is bundled).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@altwise/sdk', allowTypeImports: true, message: 'The web app imports only types from @altwise/sdk: its calls go through lib/api-client.ts.' }] },
      ],
    },
  },
  {
    // Tests may reach a module's internals (its test support, its repository) to arrange a case.
    files: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.test-support.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones.filter((zone) => !zone.except) }] },
  },
  // jsx-a11y's recommended set reports every rule it turns on as an error.
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**', 'packages/test-support/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
