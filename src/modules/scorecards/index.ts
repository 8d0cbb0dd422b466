import type { Infrastructure } from '../../context.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { ApiSpecsService } from '../api-specs/index.js';
import type { DoraService } from '../dora/index.js';
import { doraFactsOf } from './scorecards.dora.js';
import type { PermissionsService } from '../permissions/index.js';
import { defineScorecardJobs } from './scorecards.jobs.js';
import { scorecardsRoutes } from './scorecards.routes.js';
import { createScorecardsService, type ScorecardsService } from './scorecards.service.js';
import { subscribeTriggers } from './scorecards.triggers.js';

export type { ScorecardsService } from './scorecards.service.js';

export interface ScorecardsDeps
  extends Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'>, Partial<Pick<Infrastructure, 'audit'>> {
  /** Breaking changes of an entity's last API version, through api-specs' diff verb. */
  apiSpecs: Pick<ApiSpecsService, 'diff'>;
  /** DORA's keys per component (decision 537), read in the facts' units; unwired, DORA facts have no data. */
  dora?: Pick<DoraService, 'keysForComponent'>;
  /** The permission policy: maintainers of the owning team grant and withdraw exemptions (decision 951). */
  permissions: Pick<PermissionsService, 'require'>;
}

/**
 * Scorecards (decision 530): levels and scores of catalog entities from the facts Hangar records,
 * re-evaluated when the bus announces a change of them (decisions 539, 550, 920).
 */
export function createScorecardsModule(deps: ScorecardsDeps): HangarModule<ScorecardsService> {
  const service = createScorecardsService({ ...deps, dora: deps.dora && doraFactsOf(deps.dora) });
  defineScorecardJobs(deps, service);
  subscribeTriggers(deps);
  return {
    service,
    async routes(app: App) {
      await service.seedBuiltins();
      await app.register(scorecardsRoutes, { service });
    },
  };
}
