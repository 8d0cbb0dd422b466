import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The session module as two tabs see it (decision 183): each import after resetModules is a fresh module
// with its own memory and its own BroadcastChannel, as each tab of a browser has. Node has BroadcastChannel.
type SessionModule = typeof import('./session');
const loadTab = async (): Promise<SessionModule> => {
  vi.resetModules();
  return import('./session');
};

const jwt = (expS: number) => `e30.${btoa(JSON.stringify({ sub: 'u', exp: expS })).replace(/=+$/, '')}.sig`;
const user = { id: 'u', username: 'ada', email: 'ada@hangar.test', displayName: 'Ada', roles: ['user'] };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let calls: string[];
let answers: Record<string, (() => Response)[]>;
/** The channels of this test's tabs, closed after it, so the tabs of one test never answer the next one's. */
const channels: BroadcastChannel[] = [];
const NodeBroadcastChannel = globalThis.BroadcastChannel;

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal(
    'BroadcastChannel',
    class extends NodeBroadcastChannel {
      constructor(name: string) {
        super(name);
        channels.push(this);
      }
    },
  );
  vi.stubGlobal('fetch', async (url: string) => {
    const path = String(url).replace('/api/v1/auth/', '');
    calls.push(path);
    const next = answers[path]?.shift();
    if (!next) throw new Error(`unexpected call to ${path}`);
    return next();
  });
});
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const later = () => Math.floor(Date.now() / 1000) + 3600;

describe('the browser session across tabs and limits', () => {
  it('a new tab takes the open tab’s token instead of spending a refresh', async () => {
    const first = await loadTab();
    answers = {
      login: [() => json(200, { token: jwt(later()), expiresIn: 3600, user })],
      me: [() => json(200, { user })],
    };
    expect(await first.signIn('ada', 'pw')).toBeUndefined();

    const second = await loadTab();
    answers.me = [() => json(200, { user })];
    const restored = await second.restoreSession();
    expect(restored).toBe(true);
    expect(second.session.getState()).toMatchObject({ status: 'signed-in', user: { username: 'ada' } });
    expect(calls).not.toContain('refresh');
    expect(second.session.getToken()).toBe(first.session.getToken());
  });

  it('signing out in one tab signs the others out', async () => {
    const first = await loadTab();
    answers = {
      login: [() => json(200, { token: jwt(later()), expiresIn: 3600, user })],
      me: [() => json(200, { user }), () => json(200, { user })],
    };
    await first.signIn('ada', 'pw');
    const second = await loadTab();
    await second.restoreSession();
    answers.logout = [() => new Response(null, { status: 204 })];
    await first.signOut();
    await vi.waitFor(() => expect(second.session.getState().status).toBe('signed-out'));
    expect(second.session.getToken()).toBeUndefined();
  });

  it('over the refresh limit it waits as told and stays signed in, instead of signing the person out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const tab = await loadTab();
    answers = {
      refresh: [
        () => json(429, { statusCode: 429, message: 'Too many requests' }, { 'retry-after': '7' }),
        () => json(200, { token: jwt(later()), expiresIn: 3600 }),
      ],
      me: [() => json(200, { user })],
    };
    const states: string[] = [];
    tab.session.subscribe(() => states.push(tab.session.getState().status));
    const restoring = tab.restoreSession();
    await vi.advanceTimersByTimeAsync(100); // no other tab answers
    expect(calls).toEqual(['refresh']);
    await vi.advanceTimersByTimeAsync(6_900);
    expect(calls).toEqual(['refresh']);
    await vi.advanceTimersByTimeAsync(200);
    expect(await restoring).toBe(true);
    expect(calls).toEqual(['refresh', 'refresh', 'me']);
    expect(states).not.toContain('signed-out');
    expect(tab.session.getState().status).toBe('signed-in');
  });

  it('a refused refresh cookie signs out', async () => {
    const tab = await loadTab();
    answers = { refresh: [() => json(401, { statusCode: 401, message: 'Invalid refresh token' })] };
    expect(await tab.restoreSession()).toBe(false);
    expect(tab.session.getState().status).toBe('signed-out');
  });
});
