import type { Executor } from '../../db/client.js';
import type { WidgetRow } from './dashboards.repository.js';
import type { WidgetType } from './dashboards.schemas.js';
import { setting } from './widget-config.js';
import { widgetDataRepository as repo } from './widget-data.repository.js';
import { pipelinesLookup } from '../pipelines/index.js';

export interface WidgetData {
  type: WidgetType;
  sample: boolean;
  generatedAt: Date;
  data: Record<string, unknown>;
}

const SEVERITIES = ['P1', 'P2', 'P3', 'P4'] as const;

/** Health from what the platform knows: an open incident outranks the latest deployment's status. */
function healthOf(openIncidents: number, deploymentStatus: string | undefined) {
  if (openIncidents > 0) return 'incident';
  if (deploymentStatus === 'failed' || deploymentStatus === 'rolled_back') return 'degraded';
  if (deploymentStatus === 'pending' || deploymentStatus === 'in_progress') return 'deploying';
  if (deploymentStatus === 'succeeded') return 'healthy';
  return 'unknown';
}

/** A small deterministic generator, seeded by the widget id, so sample charts do not jump on reload. */
function seeded(seed: string) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

function sampleData(widget: WidgetRow, now: Date): Record<string, unknown> {
  const rnd = seeded(widget.id);
  const config = widget.config;
  switch (widget.type) {
    case 'metric_graph': {
      const base = 50 + rnd() * 200;
      const points = Array.from({ length: 30 }, (_, i) => ({
        timestamp: new Date(now.getTime() - (29 - i) * 60_000).toISOString(),
        value: round(base * (0.8 + rnd() * 0.4)),
      }));
      return { metric: setting(config, 'metric', 'requests_per_second'), unit: 'req/s', points };
    }
    case 'queue_status':
      return {
        queues: ['default', 'deployments', 'notifications'].map((name) => ({
          name,
          waiting: Math.floor(rnd() * 50),
          active: Math.floor(rnd() * 5),
          completed: Math.floor(rnd() * 5000),
          failed: Math.floor(rnd() * 10),
        })),
      };
    case 'slo_gauge': {
      const objective = setting(config, 'objective', 99.9);
      const current = round(Math.min(100, objective + (rnd() - 0.6) * (100 - objective) * 2), 3);
      const budget = 100 - objective;
      return {
        objective,
        current,
        errorBudgetRemaining: round(budget > 0 ? Math.min(1, Math.max(0, (current - objective) / budget)) * 100 : 0, 1),
        window: '30d',
      };
    }
    default: {
      const days = setting(config, 'days', 30);
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      return {
        days: Array.from({ length: days }, (_, i) => ({
          date: new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
          uptimePercent: round(rnd() < 0.85 ? 100 : 99 + rnd(), 3),
        })),
      };
    }
  }
}

/** Computes a widget's data from the platform's own records, or sample data where there is no source. */
export async function widgetData(db: Executor, widget: WidgetRow): Promise<WidgetData> {
  const type: WidgetType = widget.type;
  const config = widget.config;
  const generatedAt = new Date();
  const real = (data: Record<string, unknown>): WidgetData => ({ type, sample: false, generatedAt, data });

  switch (type) {
    case 'deployment_feed': {
      const deployments = await repo.latestDeployments(db, {
        limit: setting(config, 'limit', 10),
        componentId: setting<string | undefined>(config, 'componentId', undefined),
        environmentId: setting<string | undefined>(config, 'environmentId', undefined),
      });
      const pipelineRuns = await pipelinesLookup.recentRuns(db, { limit: setting(config, 'limit', 10) });
      return real({ deployments, pipelineRuns });
    }
    case 'alert_summary': {
      const counts: Record<string, number> = { P1: 0, P2: 0, P3: 0, P4: 0 };
      for (const r of await repo.openIncidentsBySeverity(db)) counts[r.severity] = r.n;
      const total = SEVERITIES.reduce((sum, s) => sum + counts[s]!, 0);
      return real({ openIncidents: { ...counts, total } });
    }
    case 'team_activity': {
      const limit = setting(config, 'limit', 20);
      const [updates, runs] = await Promise.all([
        repo.recentIncidentActivity(db, limit),
        pipelinesLookup.recentRuns(db, { limit }),
      ]);
      // One feed, newest first: incident updates and pipeline runs.
      const items = [
        ...updates.map((u) => ({ kind: 'incident_update', ...u })),
        ...runs.map((r) => ({ kind: 'pipeline_run', ...r })),
      ]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, limit);
      return real({ items });
    }
    case 'component_health': {
      const comps = await repo.components(db, {
        limit: setting(config, 'limit', 50),
        kind: setting<string | undefined>(config, 'kind', undefined),
        owner: setting<string | undefined>(config, 'owner', undefined),
        componentIds: setting<string[] | undefined>(config, 'componentIds', undefined)?.map((s) => s.toLowerCase()),
      });
      const ids = comps.map((c) => c.id);
      const [latest, open] = await Promise.all([
        repo.latestDeploymentPerComponent(db, ids),
        repo.openIncidentsOfComponents(db, ids),
      ]);
      const latestBy = new Map(latest.map(({ componentId, ...d }) => [componentId, d]));
      const openBy = new Map<string, string[]>();
      for (const o of open) openBy.set(o.componentId, [...(openBy.get(o.componentId) ?? []), o.incidentId]);
      const summary: Record<string, number> = { healthy: 0, degraded: 0, deploying: 0, incident: 0, unknown: 0 };
      const items = comps.map((c) => {
        const latestDeployment = latestBy.get(c.id) ?? null;
        const openIncidentIds = openBy.get(c.id) ?? [];
        const health = healthOf(openIncidentIds.length, latestDeployment?.status);
        summary[health]!++;
        return { ...c, health, latestDeployment, affectedByOpenIncident: openIncidentIds.length > 0, openIncidentIds };
      });
      return real({ components: items, summary });
    }
    default:
      return { type, sample: true, generatedAt, data: sampleData(widget, generatedAt) };
  }
}
