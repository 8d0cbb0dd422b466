import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import hangarPortal, { internalImport } from '../../scripts/eslint-portal-rules.mjs';

const root = join(import.meta.dirname, '../..');
const web = (path: string) => join(root, 'web/src', path);
const rule = hangarPortal.rules['area-boundaries'];

RuleTester.describe = describe;
RuleTester.it = it;

describe('portal areas (decision 941): an area imports another area only through its index.ts, keys.ts or routes.tsx', () => {
  new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('area-boundaries', rule, {
    valid: [
      { filename: web('routes/entity/entity-page.tsx'), code: "import { ScorecardsTab } from '../scorecards';" },
      { filename: web('routes/entity/entity-page.tsx'), code: "import { useRelations } from './queries';" },
      { filename: web('routes/iac/queries.ts'), code: "import { entityKeys } from '../entity/keys';" },
      { filename: web('live/event-keys.ts'), code: "import { catalogKeys } from '../routes/catalog/keys';" },
      { filename: web('router.tsx'), code: "import { catalogRoutes } from './routes/catalog/routes';" },
      { filename: web('routes/entity/routes.tsx'), code: "const load = () => import('../catalog');" },
      {
        filename: web('routes/create/create-search.unit.test.ts'),
        code: "import { feedQuery } from '../deployments/deployments-search';",
      },
    ],
    invalid: [
      {
        filename: web('routes/entity/entity-page.tsx'),
        code: "import { ScorecardsTab } from '../scorecards/entity-tab';",
        errors: 1,
      },
      {
        filename: web('routes/teams/team-page.tsx'),
        code: "export { PersonCard } from '../people/person-card';",
        errors: 1,
      },
      {
        filename: web('components/layout/bell.tsx'),
        code: "import { useUnreadCount } from '../../routes/notifications/queries';",
        errors: 1,
      },
      { filename: web('routes/apis/routes.tsx'), code: "const load = () => import('../catalog/queries');", errors: 1 },
    ],
  });
});

describe('portal areas (decision 941)', () => {
  it('the portal keeps to them', () => {
    const files = (readdirSync(web(''), { recursive: true, encoding: 'utf8' }) as string[]).filter(
      (f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'),
    );
    const problems = files.flatMap((f) =>
      [...readFileSync(web(f), 'utf8').matchAll(/(?:from\s+|import\(\s*)'(\.[^']*)'/g)]
        .filter((m) => internalImport(web(f), m[1]))
        .map((m) => `${f}: ${m[1]}`),
    );
    expect(problems).toEqual([]);
  });
});
