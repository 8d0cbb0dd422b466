import { Type } from 'typebox';
import { ConfigError, defineSection } from './sections.js';

declare module './sections.js' {
  interface ConfigSections {
    /** `HANGAR_DEMO=true` or `npm start -- --demo`: load the sample on an empty database (decision 895). */
    demo: boolean;
  }
}

export const demoSettings = defineSection(
  'demo',
  {
    HANGAR_DEMO: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]),
    ),
  },
  (env, core) => {
    const demo = env.HANGAR_DEMO === 'true' || env.HANGAR_DEMO === '1';
    // Sample teams, people and incidents have no place in a real installation, empty or not.
    if (demo && core.production)
      throw new ConfigError('Invalid setting HANGAR_DEMO: the demo sample is never loaded with NODE_ENV=production');
    return demo;
  },
);
