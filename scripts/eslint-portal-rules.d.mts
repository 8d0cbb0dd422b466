// Types of the portal's lint plugin (plain JavaScript, loaded by eslint.config.js) for the tests that use it.
import type { ESLint, Rule } from 'eslint';

/** The area and the path inside it that `source`, imported from `filename`, may not reach; undefined when allowed. */
export function internalImport(filename: string, source: string): { area: string; rest: string } | undefined;

declare const plugin: ESLint.Plugin & { rules: { 'area-boundaries': Rule.RuleModule } };
export default plugin;
