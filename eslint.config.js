import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** Web features never import each other: they are composed in web/app (docs/architecture.md). */
const webFeatureZones = folders('web/features').map((feature) => ({
  target: `./web/features/${feature}`,
  from: './web/features',
  except: [`./${feature}`],
  message: 'Web features do not import each other; compose them in web/app or pass data as props.',
}));

/** web/api is the shared layer under the features: it never imports a feature, the app or a component. */
const webApiZones = ['features', 'app', 'components'].map((folder) => ({
  target: './web/api',
  from: `./web/${folder}`,
  message: 'web/api/ (server resources) imports only web/lib and common/, never a feature, the app or a component.',
}));

/**
 * web/lib is the floor under web/api: generic singletons (the client, the cache, i18n, formats). A lib
 * module that needs a server resource takes it from its caller, or the code moves up into web/api.
 */
const webLibZones = [
  {
    target: './web/lib',
    from: './web/api',
    message: 'web/lib/ is under web/api/: it never imports a server resource (take it as an argument, or move the code to web/api/).',
  },
];

/**
 * The server's layers, bottom first (docs/architecture.md "Layers", decision 189): a module imports its own
 * layer and those below it, never one above. server/env.ts (the configuration) sits with db; app-types.ts
 * (what every feature receives) with the features; app.ts and main.ts compose everything.
 */
export const SERVER_LAYERS = [
  ['./server/db', './server/env.ts'],
  ['./server/lib'],
  ['./server/plugins'],
  ['./server/features', './server/app-types.ts'],
  ['./server/app.ts', './server/main.ts'],
];
const serverLayerZones = SERVER_LAYERS.slice(0, -1).flatMap((layer, rank) =>
  layer.map((target) => ({
    target,
    from: SERVER_LAYERS.slice(rank + 1).flat(),
    message: 'A server layer never imports a higher one: db → lib → plugins → features → app (docs/architecture.md "Layers").',
  })),
);

/**
 * Which server feature may call which (docs/architecture.md "Layers"): the arrows run one way, so no two
 * feature folders import each other. Rewards is called by tasks, study, grades, schedule and auth and
 * calls none of them (it reads their facts through REWARD_FACTS, decision 084); push reads the schedule,
 * and schedule asks for a re-plan through lib/push-replan.ts. A feature missing here calls no other.
 */
export const FEATURE_CALLS = {
  account: ['auth', 'files', 'groups', 'premium', 'schedule'],
  auth: ['rewards'],
  bench: ['grades', 'study', 'tasks'],
  feedback: ['premium'],
  files: ['premium'],
  grades: ['rewards'],
  // Class groups (decision 211) audit-log an admin's resolution, push new items and take back the points of a
  // removed item's deleted copies; tasks post through them.
  groups: ['admin', 'push', 'rewards'],
  // The sample semester (sample-data-writes.ts) writes through each feature's own service.
  home: ['grades', 'progress', 'rewards', 'schedule', 'study', 'tasks'],
  // School calendar feeds write their tasks through tasks/imported-tasks.ts (decision 202).
  'lms-feeds': ['tasks'],
  progress: ['grades', 'premium', 'schedule'],
  push: ['schedule'],
  schedule: ['rewards'],
  study: ['rewards'],
  'study-plan': ['push', 'schedule'],
  tasks: ['groups', 'push', 'rewards'],
  templates: ['premium'],
};
const featureCallZones = folders('server/features').map((feature) => ({
  target: `./server/features/${feature}`,
  from: './server/features',
  except: [`./${feature}`, ...(FEATURE_CALLS[feature] ?? []).map((callee) => `./${callee}`)],
  message: `Not in the table of which feature calls which (FEATURE_CALLS in eslint.config.js, docs/architecture.md "Layers"): ${feature} calls ${(FEATURE_CALLS[feature] ?? []).join(', ') || 'no other feature'}.`,
}));

/** What every file keeps: common/ stands alone, the web and the server meet over HTTP only. */
const rootZones = [
  { target: './common', from: './web', message: 'common/ imports nothing from web/.' },
  { target: './common', from: './server', message: 'common/ imports nothing from server/.' },
  { target: './web', from: './server', message: 'The web client talks to the server over HTTP only.' },
  { target: './server', from: './web', message: 'The server does not import the web client.' },
];

/**
 * One resource layer (docs/architecture.md "Fetching"): the app and the features read and write server
 * resources only through web/api/, one file per resource holding its queries, mutations and cache
 * updates (decision 191, "Resources whole"); a feature calls the hooks, never the client itself.
 */
const resourceLayerImports = {
  paths: [
    {
      name: '@tanstack/react-query',
      importNames: ['useQuery', 'useQueries', 'useSuspenseQuery', 'useSuspenseQueries', 'useInfiniteQuery', 'queryOptions'],
      message: 'Read server resources through web/api/ (one queryOptions and hook per resource).',
    },
    {
      name: '@tanstack/react-query',
      importNames: ['useMutation'],
      message: 'Write server resources through web/api/<resource>.ts (its mutations and cache updates live beside its queries).',
    },
    { name: 'canvas-confetti', message: 'Celebrate through web/lib/celebrate.ts (toast + lazy confetti, reduced motion).' },
  ],
  patterns: [
    {
      group: ['**/lib/api-client'],
      importNames: ['apiJson', 'apiRequest'],
      message: 'Request through web/api/<resource>.ts (its queries and mutations); a feature calls the hooks, never the client.',
    },
  ],
};

/**
 * Zod loads with a form's first validation, never with a page (decision 234): a page imports a schema
 * file's types and its zod-free constants (`common/schemas/<name>.constants.ts`); a form's rules live in
 * a `*-schema.ts` module beside it that web/lib/lazy-zod-resolver.ts imports on demand. The build checks
 * the same of every signed-in page's code (scripts/build/first-route-chunks.ts).
 */
const zodOnDemandImports = {
  paths: [
    {
      name: 'zod',
      allowTypeImports: true,
      message: 'Put the form rules in a *-schema.ts module loaded by lazyZodResolver (decision 234).',
    },
    {
      name: '@hookform/resolvers/zod',
      message: 'Use web/lib/lazy-zod-resolver.ts: zod loads at the first validation, not with the page (decision 234).',
    },
  ],
  patterns: [
    {
      group: ['**/common/schemas/*.schema', '**/common/schemas/bounds'],
      allowTypeImports: true,
      message: 'Import the constants from common/schemas/<name>.constants.ts and the types with `import type` (decision 234).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'web/public/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
      'import-x/no-restricted-paths': ['error', { zones: [...rootZones, ...webFeatureZones, ...webApiZones, ...webLibZones] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Every user-facing string goes through i18next (the idea of actualbudget's no-untranslated-strings).
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-text-only',
          'jsx-attributes': { include: ['aria-label', 'title', 'alt', 'placeholder'] },
          // The product name is the same in every language.
          words: { exclude: ['StudyPilot', '×'] },
        },
      ],
    },
  },
  {
    // The resource layer, zod on demand (above), one formatter, one client.
    files: ['web/features/**/*.{ts,tsx}', 'web/app/**/*.{ts,tsx}', 'web/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [...resourceLayerImports.paths, ...zodOnDemandImports.paths],
          patterns: [...resourceLayerImports.patterns, ...zodOnDemandImports.patterns],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: "CallExpression[callee.name=/^api(Json|Request)$/][arguments.0.value='GET']",
          message: 'GET requests belong to web/api/ (one queryOptions and hook per resource).',
        },
        // One time-zone/locale owner (docs/architecture.md "Time"): dates, times and numbers go through web/lib/format.ts.
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat)$/]",
          message: 'Format dates, times and numbers with web/lib/format.ts (the one locale and 12-hour owner).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format dates, times and numbers with web/lib/format.ts (the one locale and 12-hour owner).',
        },
        { selector: "Property[key.name='hour12']", message: 'The 12-hour rule lives in web/lib/format.ts (clockOptions).' },
        // <input type="time"> and "datetime-local" show the browser's clock, not the app's language (decision 168).
        {
          selector: "JSXAttribute[name.name='type'][value.value=/^(time|datetime-local)$/]",
          message: 'Read a time of day with components/ui/time-field.tsx (TimeField): the app’s clock, not the browser’s.',
        },
        {
          selector: 'MemberExpression[object.name=/^(window|globalThis|self)$/][property.name=/^(fetch|XMLHttpRequest)$/]',
          message: 'Request through web/api/ (the one client, web/lib/api-client.ts), downloads and previews included.',
        },
        // tailwind-merge builds its tables on its first merge: at a module's top level that is inside the
        // module's evaluation, a 45–70 ms task at 4× CPU before the start's warm-up runs (decision 273).
        {
          selector: "CallExpression[callee.name='cn']:not(:function CallExpression)",
          message: 'No cn() at a module’s top level: join the classes, or call cn() inside the component (decision 273).',
        },
        // A failed request is read through web/lib/api-errors.ts, never by its English message.
        {
          selector: "MemberExpression[property.name='message'][object.name=/^(error|err|refusal)$/]",
          message: 'Read a failed request with web/lib/api-errors.ts (apiErrorMessage, applyFieldErrors), not its English message.',
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Notification', message: 'Use web/lib/browser-notifications.ts (support, permission, show).' },
        // One client (docs/architecture.md "Fetching"): downloads and previews too, so every failure is an
        // ApiError and reaches the 503 toast and the offline note. Uploads with progress: web/lib/upload-client.ts.
        { name: 'fetch', message: 'Request through web/api/ (the one client, web/lib/api-client.ts), downloads and previews included.' },
        {
          name: 'XMLHttpRequest',
          message: 'Request through web/api/ (the one client); an upload with progress uses web/lib/upload-client.ts.',
        },
      ],
    },
  },
  {
    // A form's rules (loaded on demand by lazyZodResolver) and the tests may import zod and the schemas.
    files: ['web/{features,app,components}/**/*-schema.ts', 'web/{features,app,components}/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', resourceLayerImports] },
  },
  {
    // The server's layers and feature table hold for its source. Tests and the test harness sit above the
    // app (they build it and reach into any feature to arrange a case), like scripts/import-arrows.ts.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...rootZones, ...serverLayerZones, ...featureCallZones] }] },
  },
  {
    // No import cycles in the source (a cycle hides which module owns what: issue 14). The import-x
    // parser setting lets the rule read TypeScript dependencies; without it they are skipped silently.
    files: ['web/**/*.{ts,tsx}', 'server/**/*.ts', 'common/**/*.ts'],
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'scripts/**', '*.config.{ts,js}'],
    rules: { 'i18next/no-literal-string': 'off', 'no-restricted-syntax': 'off' },
  },
);
