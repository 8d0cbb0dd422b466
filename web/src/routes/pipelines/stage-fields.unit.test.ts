import { describe, expect, it } from 'vitest';
import { configFor, newStageId, toRequestStages } from './stage-fields';
import { between } from './run-status';
import { formatDuration } from '../../lib/format';

describe('stage fields (decision 722)', () => {
  it('sends stages in form order, empty optional fields left to the server defaults', () => {
    const stages = toRequestStages([
      {
        key: 'k1',
        id: ' build-1 ',
        name: '',
        type: 'build',
        config: { tag: 'app:{{version}}', dockerfile: '  ', push: false },
      },
      { key: 'k2', id: 'gate', name: 'Sign-off', type: 'approval', config: { message: 'ok?', command: 'stale' } },
    ]);
    expect(stages).toEqual([
      { id: 'build-1', name: 'build-1', type: 'build', order: 0, config: { tag: 'app:{{version}}', push: false } },
      { id: 'gate', name: 'Sign-off', type: 'approval', order: 1, config: { message: 'ok?' } },
    ]);
  });
  it('keeps only the new type’s fields when a stage changes type', () => {
    expect(configFor('notify', { command: 'x', message: 'hi' })).toEqual({ message: 'hi' });
  });
  it('names new stages uniquely', () => {
    expect(newStageId('script', [{ id: 'script-1' }, { id: 'script-2' }])).toBe('script-3');
  });
});

describe('run formatting', () => {
  it('formats durations', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(245_000)).toBe('4 min 05 s');
    expect(formatDuration(7_380_000)).toBe('2 h 03 min');
  });
  it('measures between timestamps, up to now while running', () => {
    expect(between('2026-01-01T00:00:00Z', '2026-01-01T00:00:02Z')).toBe(2000);
    expect(between('2026-01-01T00:00:00Z', null, Date.parse('2026-01-01T00:00:05Z'))).toBe(5000);
    expect(between(null, null)).toBeNull();
  });
});
