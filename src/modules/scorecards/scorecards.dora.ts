import type { DoraService } from '../dora/index.js';
import type { DoraFactsPort } from './scorecards.gather.js';

const hours = (seconds: number | null) => (seconds === null ? null : seconds / 3600);

/** DORA's keys in the units the scorecards' facts use: hours and a percentage (decision 571). */
export function doraFactsOf(dora: Pick<DoraService, 'keysForComponent'>): DoraFactsPort {
  return {
    async keysForComponent(caller, entityRef, windowDays) {
      const k = await dora.keysForComponent(caller, entityRef, windowDays, { everyOrganization: true });
      return {
        deploymentFrequency: k.deploymentFrequencyPerDay,
        changeLeadTimeHours: hours(k.changeLeadTimeSeconds),
        changeFailureRate: k.changeFailureRate === null ? null : k.changeFailureRate * 100,
        recoveryTimeHours: hours(k.failedDeploymentRecoveryTimeSeconds),
      };
    },
  };
}
