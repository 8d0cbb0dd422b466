// Live updates: one Socket.IO connection to `/events` while signed in. Each server event invalidates the
// query keys it makes stale (keysForEvent), so open pages refetch what changed without a reload.
// Streams that are not cache changes (pipeline logs) invalidate nothing.
import type { QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { keysForEvent } from './event-keys';
import { session } from '../api/session';

const IGNORED = new Set(['pipeline.log']);
let socket: Socket | undefined;

type LiveListener = (event: string, payload: unknown) => void;
const listeners = new Set<LiveListener>();
/** Streams a page follows itself (a run's log lines): every event, and `live.reconnected` after a reconnect. */
export function onLiveEvent(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

async function connect(token: string, queryClient: QueryClient) {
  // socket.io-client is loaded after the first paint: it is not needed to show the page.
  const { io } = await import('socket.io-client');
  if (socket) {
    socket.auth = { token };
    return;
  }
  socket = io('/events', { path: '/socket.io', auth: { token }, transports: ['websocket'] });
  socket.onAny((event: string, payload: unknown) => {
    for (const listener of listeners) listener(event, payload);
    if (IGNORED.has(event)) return;
    for (const queryKey of keysForEvent(event, payload)) void queryClient.invalidateQueries({ queryKey });
  });
  // Events missed while disconnected cannot be replayed: refetch what is on screen after a reconnect.
  socket.io.on('reconnect', () => {
    for (const listener of listeners) listener('live.reconnected', undefined);
    void queryClient.invalidateQueries();
  });
}

/** Follows the session: connects with each new access token, disconnects on sign-out. */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  const apply = (token: string | undefined) => {
    if (token) void connect(token, queryClient);
    else {
      socket?.disconnect();
      socket = undefined;
    }
  };
  apply(session.getToken());
  return session.onToken(apply);
}
