import { describe, expect, it } from 'vitest';
import type { Widget } from './queries';
import { configOf, widgetFormOf, widgetPatch } from './widget-form';

const widget = (over: Partial<Widget> = {}): Widget =>
  ({
    id: 'w1',
    dashboardId: 'd1',
    type: 'slo_gauge',
    title: 'SLO',
    gridX: 0,
    gridY: 0,
    gridW: 6,
    gridH: 3,
    config: { objective: 99.9, colour: 'teal' },
    createdAt: '',
    updatedAt: '',
    ...over,
  }) as Widget;

describe('widget form', () => {
  it('reads the known settings as text and sends nothing when nothing changed', () => {
    const w = widget();
    expect(widgetFormOf(w).settings).toEqual({ objective: '99.9' });
    expect(widgetPatch(w, widgetFormOf(w))).toEqual({});
  });

  it('sends only what changed, keeping config keys it does not know', () => {
    const w = widget();
    const v = { ...widgetFormOf(w), title: ' Availability ', gridW: 12, settings: { objective: '99.5' } };
    expect(widgetPatch(w, v)).toEqual({
      title: 'Availability',
      gridW: 12,
      config: { objective: 99.5, colour: 'teal' },
    });
  });

  it('leaves a value that is not a number to the server, and an emptied field falls back to the default', () => {
    const w = widget();
    expect(configOf(w.config, { ...widgetFormOf(w), settings: { objective: 'lots' } })).toEqual({
      objective: 'lots',
      colour: 'teal',
    });
    expect(configOf(w.config, { ...widgetFormOf(w), settings: { objective: ' ' } })).toEqual({ colour: 'teal' });
  });

  it('a new type keeps the config and takes that type’s fields', () => {
    const w = widget();
    const v = { ...widgetFormOf(w), type: 'uptime_chart' as const, settings: { objective: '99.9', days: '7' } };
    expect(widgetPatch(w, v)).toEqual({ type: 'uptime_chart', config: { objective: 99.9, colour: 'teal', days: 7 } });
  });

  it('picked records: a component and an environment as ids, a list of components as a list (decision 755)', () => {
    const c1 = '11111111-1111-4111-8111-111111111111';
    const c2 = '22222222-2222-4222-8222-222222222222';
    const feed = widget({ type: 'deployment_feed', config: { limit: 5, componentId: c1 } });
    const form = widgetFormOf(feed);
    expect(form.settings).toEqual({ limit: '5', componentId: c1 });
    expect(widgetPatch(feed, { ...form, settings: { ...form.settings, componentId: c2, environmentId: c1 } })).toEqual({
      config: { limit: 5, componentId: c2, environmentId: c1 },
    });
    // "Every component": the key goes, so the server's default (no filter) applies.
    expect(widgetPatch(feed, { ...form, settings: { ...form.settings, componentId: '' } })).toEqual({
      config: { limit: 5 },
    });

    const health = widget({ type: 'component_health', config: { componentIds: [c1] } });
    const picked = widgetFormOf(health);
    expect(picked.lists).toEqual({ componentIds: [c1] });
    expect(widgetPatch(health, picked)).toEqual({});
    expect(widgetPatch(health, { ...picked, lists: { componentIds: [c1, c2] } })).toEqual({
      config: { componentIds: [c1, c2] },
    });
    expect(widgetPatch(health, { ...picked, lists: { componentIds: [] } })).toEqual({ config: {} });
  });
});
