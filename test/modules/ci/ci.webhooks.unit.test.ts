import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryIdOf, readWebhookBody, toBuildEvent, verifySignature } from '../../../src/modules/ci/ci.webhooks.js';

const at = '2026-01-01T00:00:00.000Z';

describe('webhook verification and reading', () => {
  it('verifies v1 HMAC-SHA256 signatures over the exact bytes', () => {
    const raw = Buffer.from('{"a": 1}');
    const sig = createHmac('sha256', 's').update(raw).digest('hex');
    expect(verifySignature(raw, `v1=${sig}`, 's')).toBe(true);
    expect(verifySignature(raw, `v1=${sig.toUpperCase()}`, 's')).toBe(true);
    expect(verifySignature(raw, `v1=bad, v1=${sig}`, 's')).toBe(true);
    expect(verifySignature(Buffer.from('{"a":1}'), `v1=${sig}`, 's')).toBe(false);
    expect(verifySignature(raw, sig, 's')).toBe(false);
    expect(verifySignature(raw, undefined, 's')).toBe(false);
  });

  it('reads JSON, form payload fields, and refuses anything else', () => {
    expect(readWebhookBody(Buffer.from('{"id":1}'), 'application/json')).toEqual({ id: 1 });
    expect(
      readWebhookBody(Buffer.from(`payload=${encodeURIComponent('{"id":2}')}`), 'application/x-www-form-urlencoded'),
    ).toEqual({ id: 2 });
    expect(readWebhookBody(Buffer.from('[1]'), 'application/json')).toBeUndefined();
    expect(readWebhookBody(Buffer.from('payload=nope'), 'application/x-www-form-urlencoded')).toBeUndefined();
    // An empty body is a valid (bare) call: read as {}.
    expect(readWebhookBody(Buffer.from(''), undefined)).toEqual({});
    expect(readWebhookBody(Buffer.from('not json'), 'text/plain')).toBeUndefined();
  });

  it('identifies deliveries: CircleCI event id, a delivery header, else none (always processed)', () => {
    expect(deliveryIdOf('cloudci', { id: 'e1' }, undefined)).toBe('id:e1');
    expect(deliveryIdOf('serverci', {}, 'd-9')).toBe('h:d-9');
    expect(deliveryIdOf('hostedci', { id: 5 }, undefined)).toBeNull();
    expect(deliveryIdOf('serverci', { name: 'api' }, undefined)).toBeNull();
  });
});

describe('status mapping of ci.build.updated', () => {
  it('CircleCI workflow and job statuses', () => {
    const wf = (status: string) =>
      toBuildEvent(
        'cloudci',
        {
          type: 'workflow-completed',
          workflow: { id: 'w', name: 'build', status, url: 'u' },
          project: { slug: 'gh/a/b' },
        },
        at,
      )!;
    expect(['success', 'failed', 'error', 'canceled', 'running', 'on_hold', 'weird'].map((s) => wf(s).status)).toEqual([
      'succeeded',
      'failed',
      'failed',
      'cancelled',
      'running',
      'queued',
      'unknown',
    ]);
    const job = toBuildEvent(
      'cloudci',
      {
        type: 'job-completed',
        job: { id: 'j', name: 'test', status: 'infrastructure_fail' },
        workflow: { id: 'w', url: 'u' },
      },
      at,
    )!;
    expect(job).toMatchObject({ id: 'j', name: 'test', status: 'failed', url: 'u' });
    expect(toBuildEvent('cloudci', { type: 'ping' }, at, 'id:p')).toMatchObject({ id: 'id:p', status: 'unknown' });
  });

  it('Jenkins phases and results (document: SUCCESS, FAILURE, UNSTABLE, ABORTED, null = running)', () => {
    const j = (build: object) => toBuildEvent('serverci', { name: 'api', build: { number: 3, ...build } }, at)!.status;
    expect(j({ phase: 'QUEUED' })).toBe('queued');
    expect(j({ phase: 'STARTED' })).toBe('running');
    expect(j({ phase: 'COMPLETED', status: 'SUCCESS' })).toBe('succeeded');
    expect(j({ phase: 'COMPLETED', status: 'FAILURE' })).toBe('failed');
    expect(j({ phase: 'COMPLETED', status: 'UNSTABLE' })).toBe('failed');
    expect(j({ phase: 'FINALIZED', status: 'ABORTED' })).toBe('cancelled');
    expect(toBuildEvent('serverci', { name: 'api', number: 4, result: null }, at)!.status).toBe('running');
    expect(toBuildEvent('serverci', { name: 'api', status: 'SUCCESS', url: 'u' }, at, 'h:1')).toMatchObject({
      id: 'h:1',
      name: 'api',
      status: 'succeeded',
      url: 'u',
    });
    expect(toBuildEvent('serverci', { id: 7, name: 'x', result: 'aborted' }, at)).toMatchObject({
      id: '7',
      status: 'cancelled',
    });
  });

  it('Travis CI states (document: passed, failed, errored, canceled, started, created)', () => {
    const tr = (state: string) =>
      toBuildEvent('hostedci', { id: 9, state, repository: { owner_name: 'a', name: 'b' } }, at)!;
    expect(['passed', 'failed', 'errored', 'canceled', 'started', 'created'].map((s) => tr(s).status)).toEqual([
      'succeeded',
      'failed',
      'failed',
      'cancelled',
      'running',
      'queued',
    ]);
    expect(tr('passed')).toMatchObject({ id: '9', name: 'a/b', platformStatus: 'passed', receivedAt: at });
    expect(toBuildEvent('hostedci', { id: 9, status_message: 'Still Failing' }, at)!.status).toBe('failed');
  });
});
