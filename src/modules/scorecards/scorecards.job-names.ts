/** The scorecards' job names and payloads, apart from the jobs so the service can queue them (decision 922). */
declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'scorecards.evaluate-all': Record<string, never>;
    'scorecards.evaluate-scorecard': { scorecardId: string };
    /** `slot`: the settle slot that queued it (decision 550); absent in jobs queued before it existed. */
    'scorecards.evaluate-entity': { componentId: string; slot?: number };
    'scorecards.evaluate-entities': { componentIds: string[]; slot: number };
  }
}

export const EVALUATE_ALL_JOB = 'scorecards.evaluate-all';
export const EVALUATE_SCORECARD_JOB = 'scorecards.evaluate-scorecard';
export const EVALUATE_ENTITY_JOB = 'scorecards.evaluate-entity';
export const EVALUATE_ENTITIES_JOB = 'scorecards.evaluate-entities';

/** Entities read and evaluated per batch of a full evaluation, and the most an evaluate-entities job holds. */
export const EVALUATION_BATCH = 2000;
