// The portal's open tabs share one session (decision 183). They share one refresh cookie, which the
// server rotates on every use and treats a second use of as theft (every refresh token of the user is
// revoked): two tabs refreshing at once would sign the person out everywhere. So refreshes run one at a
// time across tabs (Web Locks), and a tab that gets a new access token tells the others over a
// BroadcastChannel (same origin, memory only: nothing reaches web storage, decision 141). A new tab asks
// the open ones for their token before it spends one of the ten refreshes a minute the server allows.

export type TabMessage =
  { type: 'ask' } | { type: 'token'; token: string; expiresIn?: number } | { type: 'signed-out' };

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('hangar.session') : undefined;
const LOCK = 'hangar.session.refresh';

export const sessionTabs = {
  /** Tells the other tabs (not this one) of a new token, or that the person signed out. */
  announce(message: TabMessage) {
    channel?.postMessage(message);
  },

  /** Calls `handler` with every message another tab sends. */
  listen(handler: (message: TabMessage) => void) {
    channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => handler(event.data));
  },

  /** The token of another open tab, or undefined when none answers within `waitMs`. */
  ask(waitMs = 100): Promise<{ token: string; expiresIn?: number } | undefined> {
    if (!channel) return Promise.resolve(undefined);
    const asking = channel;
    return new Promise((resolve) => {
      const onMessage = (event: MessageEvent<TabMessage>) => {
        if (event.data.type !== 'token') return;
        finish({ token: event.data.token, expiresIn: event.data.expiresIn });
      };
      const timer = setTimeout(() => finish(undefined), waitMs);
      function finish(answer: { token: string; expiresIn?: number } | undefined) {
        clearTimeout(timer);
        asking.removeEventListener('message', onMessage);
        resolve(answer);
      }
      asking.addEventListener('message', onMessage);
      asking.postMessage({ type: 'ask' } satisfies TabMessage);
    });
  },

  /**
   * Runs `fn` while no other tab of this browser profile runs it. Web Locks exist only in secure contexts
   * (HTTPS or localhost); without them the tabs refresh independently, as before.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    // The lock's promise settles with what `fn`'s promise settles with (the DOM typings nest the promise).
    return locks ? (locks.request(LOCK, fn) as unknown as Promise<T>) : fn();
  },
};
