// Lint: typescript-eslint's recommended rules, Prettier for layout, and the codebase's import boundaries
// (docs/architecture.md): route files never import the database, and modules reach each other only
// through their index.ts.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const otherModuleInternals = {
  regex: '^\\.\\./(?!\\.)[^/]+/(?!index\\.js$).+',
  message: "Import another module only through its index.ts ('../<module>/index.js').",
};
const database = {
  regex: '(^|/)db/(client|schema)|^drizzle-orm',
  message: 'Route files never import the database: call a service.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'templates/**',
      'coverage/**',
      'bench/.tmp/**',
      'web/dist/**',
      'web/dist.*/**',
      'web/src/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  { files: ['src/modules/*/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] } },
  { files: ['src/**/*.routes.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals, database] }] } },
  // The portal runs in the browser: browser globals, no Node ones.
  { files: ['web/src/**/*.{ts,tsx}', 'web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  prettier,
);
