import type { Infrastructure } from '../../context.js';
import type { EventListener } from '../../infra/events.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { ApiSpecsService } from '../api-specs/index.js';
import type { PermissionsService } from '../permissions/index.js';
import type { DoraFactsPort } from './scorecards.gather.js';
import { defineScorecardJobs } from './scorecards.jobs.js';
import { scorecardsRoutes } from './scorecards.routes.js';
import { createScorecardsService, type ScorecardsService } from './scorecards.service.js';
import type { FactsChangedLine } from './scorecards.triggers.js';

export type { DoraFactsPort } from './scorecards.gather.js';
export type { ScorecardsService } from './scorecards.service.js';
export { factsChangedLine, type FactsChangedLine } from './scorecards.triggers.js';

export interface ScorecardsDeps extends Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'> {
  /** Breaking changes of an entity's last API version, through api-specs' diff verb. */
  apiSpecs: Pick<ApiSpecsService, 'diff'>;
  /** The four DORA keys per component (decision 537); unwired, DORA facts have no data. */
  dora?: DoraFactsPort;
  /** Other modules' events emitted in this process: the entities they name are re-evaluated. */
  domainEvents: { subscribe(listener: EventListener): void };
  /** The recording modules' line (decision 550): the components whose facts they committed are re-evaluated. */
  factsChanged?: Pick<FactsChangedLine, 'connect'>;
  /** The permission policy: maintainers of the owning team grant and withdraw exemptions (decision 951). */
  permissions: Pick<PermissionsService, 'require'>;
}

/** Scorecards (decision 530): levels and scores of catalog entities from the facts Hangar records. */
export function createScorecardsModule(deps: ScorecardsDeps): HangarModule<ScorecardsService> {
  const service = createScorecardsService(deps);
  defineScorecardJobs(deps, service);
  deps.domainEvents.subscribe((name, payload) => {
    void service.onDomainEvent(name, payload).catch((err: unknown) => deps.log.warn({ err, event: name }, 'scorecard re-evaluation not queued'));
  });
  deps.factsChanged?.connect((componentIds) => {
    void service
      .factsChanged(componentIds)
      .catch((err: unknown) => deps.log.warn({ err, components: componentIds.length }, 'scorecard re-evaluation not queued'));
  });
  return {
    service,
    async routes(app: App) {
      await service.seedBuiltins();
      await app.register(scorecardsRoutes, { service });
    },
  };
}
