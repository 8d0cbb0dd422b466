import { describe, expect, it } from 'vitest';
import { setting, widgetConfigProblem } from '../../../src/modules/dashboards/widget-config.js';

describe('widget config checks', () => {
  it('accepts known settings and ignores unknown keys', () => {
    expect(
      widgetConfigProblem('deployment_feed', {
        limit: 5,
        componentId: '6f1c2b1e-0c5e-4d8e-9a51-6a3d1d2b9e10',
        color: 'red',
      }),
    ).toBeUndefined();
    expect(
      widgetConfigProblem('component_health', { kind: 'service', owner: 'team-a', componentIds: [] }),
    ).toBeUndefined();
    expect(widgetConfigProblem('alert_summary', { anything: 1 })).toBeUndefined();
    expect(widgetConfigProblem('slo_gauge', { objective: 99.5 })).toBeUndefined();
  });
  it.each([
    ['deployment_feed', { limit: 0 }, 'config.limit'],
    ['deployment_feed', { limit: 101 }, 'config.limit'],
    ['team_activity', { limit: 2.5 }, 'config.limit'],
    ['deployment_feed', { environmentId: 'x' }, 'config.environmentId'],
    ['component_health', { componentIds: 'abc' }, 'config.componentIds'],
    ['component_health', { kind: '' }, 'config.kind'],
    ['slo_gauge', { objective: 0 }, 'config.objective'],
    ['uptime_chart', { days: 91 }, 'config.days'],
    ['metric_graph', { metric: 3 }, 'config.metric'],
  ] as const)('%s refuses %j', (type, config, field) => {
    expect(widgetConfigProblem(type, config as Record<string, unknown>)?.field).toBe(field);
  });
  it('reads settings with defaults', () => {
    expect(setting({}, 'limit', 10)).toBe(10);
    expect(setting({ limit: 3 }, 'limit', 10)).toBe(3);
  });
});
