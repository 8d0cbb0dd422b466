import { Type } from 'typebox';
import { defineSection } from './sections.js';

export interface PolicyConfig {
  /** Base URL of the OPA server (decision 600: `POLICY_URL`). */
  readonly url: string;
}

declare module './sections.js' {
  interface ConfigSections {
    policy: PolicyConfig;
  }
}

export const policySettings = defineSection(
  'policy',
  { POLICY_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:8181' }) },
  (env) => ({
    url: String(env.POLICY_URL).replace(/\/+$/, ''),
  }),
);
