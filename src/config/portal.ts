import { resolve } from 'node:path';
import { Type } from 'typebox';
import { projectRoot } from '../kernel/paths.js';
import { defineSection } from './sections.js';

export interface PortalConfig {
  /** The built web portal (`PORTAL_DIR`, default `web/dist` of the repository, also when running from dist/). */
  readonly dir: string;
}

declare module './sections.js' {
  interface ConfigSections {
    portal: PortalConfig;
  }
}

export const portalSettings = defineSection(
  'portal',
  { PORTAL_DIR: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) },
  (env) => ({
    dir: env.PORTAL_DIR ? resolve(String(env.PORTAL_DIR)) : resolve(projectRoot, 'web', 'dist'),
  }),
);
