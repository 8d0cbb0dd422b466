import { scorecardAccess, type ScorecardsServiceDeps } from './scorecards.access.js';
import { definitionVerbs } from './scorecards.definitions.js';
import { evaluationVerbs, scorecardEvaluator } from './scorecards.evaluate.js';
import { exemptionVerbs } from './scorecards.exemptions.js';
import { resultVerbs } from './scorecards.results.js';

/** The scorecards service: its verbs live in one file per group (issue 34), sharing access checks and one evaluator. */
export function createScorecardsService(deps: ScorecardsServiceDeps) {
  const access = scorecardAccess(deps);
  const evaluator = scorecardEvaluator(deps);
  return {
    ...definitionVerbs(deps, access, evaluator),
    ...resultVerbs(deps, access),
    ...exemptionVerbs(deps, access, evaluator),
    ...evaluationVerbs(deps, access, evaluator),
  };
}

export type ScorecardsService = ReturnType<typeof createScorecardsService>;
