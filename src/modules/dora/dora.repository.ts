import { doraDeploymentFigures } from './dora.deployments.repository.js';
import { doraFactsRepository } from './dora.facts.repository.js';
import { doraLeadTime } from './dora.lead-time.repository.js';
import { doraSuggestionsRepository } from './dora.suggestions.repository.js';

export type { Slice } from './dora.slice.js';

/** DORA's queries, one file per figure (decision 1050), read by the service as one repository. */
export const doraRepository = {
  ...doraDeploymentFigures,
  ...doraLeadTime,
  ...doraFactsRepository,
  ...doraSuggestionsRepository,
};
