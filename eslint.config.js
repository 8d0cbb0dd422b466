// Lint: typescript-eslint's recommended rules, Prettier for layout, and the codebase's import boundaries
// (docs/architecture.md, "Module boundaries"): route files never import the database, modules reach
// each other only through their index.ts (nested folders too), each module imports only its own
// tables plus the read models listed below, and a settings section never imports config.ts.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import hangar, { tableOwnership } from './scripts/eslint-rules.mjs';

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
  {
    files: ['src/modules/**/*.ts', 'src/integrations/**/*.ts'],
    plugins: { hangar },
    rules: { 'hangar/module-boundaries': 'error', 'hangar/module-tables': ['error', tableOwnership] },
  },
  { files: ['src/**/*.routes.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [database] }] } },
  // Sections are imported by config.ts: importing it back would be a cycle (ConfigError lives in sections.ts).
  {
    files: ['src/config/*.ts'],
    ignores: ['src/config/config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\./config\\.js$', message: 'A section never imports config.ts (a cycle): use sections.ts.' }] },
      ],
    },
  },
  // The portal runs in the browser: browser globals, no Node ones.
  { files: ['web/src/**/*.{ts,tsx}', 'web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  prettier,
);
