import type { Database } from '../../db/client.js';
import { BAND_SOURCE, failRateBand, frequencyBand, leadTimeBand, overallBand, recoveryBand } from './dora.bands.js';
import { doraRepository as repo, type Slice } from './dora.repository.js';
import { DAY_MS } from './dora.window.js';

const ratio = (a: number, b: number) => (b === 0 ? null : Math.min(1, a / b));

/** The four keys of a slice with their bands and a series of every UTC day of the window. */
export async function computeKeys(db: Database, s: Slice) {
  // Two statements at once (two pooled connections on PostgreSQL; PGlite runs them in turn).
  const [dep, chg] = await Promise.all([repo.deploymentSide(db, s), repo.changeSide(db, s)]);
  const st = dep.totals;
  const lead = chg.totals;
  const leadByDay = new Map(chg.days.map((d) => [d.day, d]));
  const windowDays = (s.to.getTime() - s.from.getTime()) / DAY_MS;
  const perDay = st.deployments / windowDays;
  const rate = ratio(st.failed, st.deployments);
  const bands = {
    frequency: frequencyBand(perDay),
    lead: leadTimeBand(lead.median),
    rate: failRateBand(rate),
    recovery: recoveryBand(st.recoveryMedian),
  };
  const byDay = new Map(dep.days.map((d) => [d.day, d]));
  const series = [];
  for (
    let t = Date.UTC(s.from.getUTCFullYear(), s.from.getUTCMonth(), s.from.getUTCDate());
    t < s.to.getTime();
    t += DAY_MS
  ) {
    const date = new Date(t).toISOString().slice(0, 10);
    const d = byDay.get(date);
    const l = leadByDay.get(date);
    series.push({
      date,
      deployments: d?.deployments ?? 0,
      failedDeployments: d?.failed ?? 0,
      changes: l?.changes ?? 0,
      medianLeadSeconds: l?.leadMedian ?? null,
      medianRecoverySeconds: d?.recoveryMedian ?? null,
    });
  }
  return {
    scope: s.scope,
    id: s.id ?? null,
    organizationId: s.organizationId,
    from: s.from,
    to: s.to,
    days: windowDays,
    band: overallBand(Object.values(bands)),
    bandSource: BAND_SOURCE,
    deploymentFrequency: { deployments: st.deployments, perDay, perWeek: perDay * 7, band: bands.frequency },
    changeLeadTime: {
      medianSeconds: lead.median,
      changes: lead.changes,
      skewedExcluded: lead.skewed,
      deploymentsPending: st.pending,
      deploymentsWithoutRepository: st.noRepository,
      deploymentsWithoutRevision: st.noRevision,
      deploymentsUnreadable: st.changesFailed,
      band: bands.lead,
    },
    changeFailureRate: {
      rate,
      failedDeployments: st.failed,
      deployments: st.deployments,
      rolledBack: st.rolledBack,
      withIncidents: st.withIncidents,
      band: bands.rate,
    },
    failedDeploymentRecoveryTime: {
      medianSeconds: st.recoveryMedian,
      recovered: st.recovered,
      unrecovered: st.unrecovered,
      band: bands.recovery,
    },
    series,
  };
}
