// One linter for the whole repository; formatting is Prettier's job (eslint-config-prettier turns off
// every rule that would disagree with it). Type-aware: a floating promise or a switch that misses a
// member of a union fails the lint.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports that would make the HTTP toolkit, the domain or the worker depend on the app that assembles them. */
const boundaries = {
  toolkitAndDomain: [
    {
      group: ['**/app/*', '**/app/**'],
      message: 'Only server.ts assembles the app; modules and the toolkit never import it.',
    },
  ],
  toolkit: [
    { group: ['**/modules/**'], message: 'The HTTP toolkit serves every module and knows none of them.' },
  ],
  worker: [
    {
      group: ['@blog/api/src/*', '../../api/*', '../../../api/*'],
      message: "The worker uses only @blog/api's package exports (api/package.json).",
    },
  ],
};

/**
 * `s.replace(x, text)` reads `$'`, `$&`, `` $` `` and `$1` in `text` as patterns, so people's text
 * spliced that way multiplies a page. A literal or a replacer function is the only second argument.
 */
const replaceWithPatterns = {
  selector:
    "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type='Literal']):not([arguments.1.type='ArrowFunctionExpression']):not([arguments.1.type='FunctionExpression']):not([arguments.1.type='TemplateLiteral'][arguments.1.expressions.length=0])",
  message:
    "A replacement string with variable text is read as a pattern ($', $&, $1): pass a literal or a replacer function.",
};

/** Express routers only through api/src/http/routes.ts, which makes every router exact (case, slashes). */
const EXACT_ROUTING = 'Use exactRouter() or apiRoutes() from api/src/http/routes.ts: routing must be exact.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist-server/**',
      '**/generated/**',
      '.data/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['web/vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-syntax': ['error', replaceWithPatterns],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: [
      'api/src/modules/**/*.ts',
      'api/src/html/**/*.ts',
      'api/src/validation/**/*.ts',
      'api/src/deps.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.toolkitAndDomain }] },
  },
  {
    files: ['api/src/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...boundaries.toolkitAndDomain, ...boundaries.toolkit] },
      ],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/http/routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'express', importNames: ['Router'], allowTypeImports: true, message: EXACT_ROUTING },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        replaceWithPatterns,
        {
          selector: "MemberExpression[object.name='express'][property.name='Router']",
          message: EXACT_ROUTING,
        },
      ],
    },
  },
  {
    files: ['worker/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.worker }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/test/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  prettier,
);
