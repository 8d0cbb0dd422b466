import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { isSocketEvent, type EventAudience, type EventBus } from '../events.js';
import { closeRedis, createRedis } from '../redis.js';
import { gateSubscriptions, type SubscriptionGate } from './subscriptions.js';

export interface RealtimeOptions {
  allowedOrigins: '*' | string[];
  /** The caller of a valid access token (its user still exists) with its organizations, else null. */
  authenticate(token: string): Promise<SocketIdentity | null>;
  redisUrl?: string;
  redisKeyPrefix: string;
  /** The bus the gateway subscribes to: socket events go out, membership and role changes move sockets (decision 920). */
  bus: Pick<EventBus, 'on' | 'onAny'>;
}

export interface SocketIdentity {
  userId: string;
  isAdmin: boolean;
  organizationIds: string[];
}

/**
 * Rooms (decision 203): every socket joins `user:<id>`, `org:<id>` for each organization of its
 * user, and `admins` for global admins. An organization's events go to `org:<id>` and `admins`;
 * membership changes move the user's sockets with `socketsJoin`/`socketsLeave`, which the Redis
 * adapter carries to every process.
 */
const userRoom = (id: string) => `user:${id}`;
const orgRoom = (id: string) => `org:${id}`;
const ADMINS = 'admins';

export interface RealtimeGateway {
  readonly io: Server;
  /**
   * Ends every client connection (WebSockets and long-polls). Called before the HTTP server closes
   * (Fastify's `preClose`): the server's close waits for every open connection, so a single open
   * portal tab held a SIGTERM until the forced exit (decision 886).
   */
  disconnectClients(): void;
  close(): Promise<void>;
}

const NAMESPACE = '/events';
/** How long a connecting client waits for this process's Redis subscriptions before it is refused (and retries). */
const SUBSCRIBED_WITHIN_MS = 10_000;

function tokenOf(handshake: { auth?: Record<string, unknown>; headers: Record<string, unknown> }): string | undefined {
  const fromAuth = handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  const header = handshake.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '');
  return undefined;
}

/**
 * The Redis adapter fires (un)subscribe and publish without awaiting them; when Redis is away at
 * shutdown those promises reject with nobody listening, which would crash the process. Observing
 * them here keeps the rejection for any caller that does await, and logs nothing twice.
 */
function observeCommands(client: Redis): Redis {
  for (const name of ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe', 'publish'] as const) {
    const original = (client as any)[name].bind(client);
    (client as any)[name] = (...args: unknown[]) => {
      const result = original(...args);
      if (result && typeof result.catch === 'function') result.catch(() => {});
      return result;
    };
  }
  return client;
}

/** Socket.IO on namespace `/events`: clients authenticate in the handshake; events go to the rooms that may read them. */
export async function createRealtimeGateway(server: HttpServer, opts: RealtimeOptions): Promise<RealtimeGateway> {
  const io = new Server(server, {
    path: '/socket.io',
    cors: { origin: opts.allowedOrigins === '*' ? '*' : opts.allowedOrigins },
    serveClient: false,
  });
  // No retry limit: while Redis is away, the adapter's (un-awaited) subscribe and publish calls wait
  // in the offline queue instead of rejecting unhandled.
  const redisClients = opts.redisUrl
    ? [0, 1].map(() => observeCommands(createRedis(opts.redisUrl!, { maxRetriesPerRequest: null })))
    : [];
  let subscriptions: SubscriptionGate | undefined;
  if (redisClients.length === 2) {
    // Loaded only with Redis: a single process needs no fan-out.
    const { createAdapter } = await import('@socket.io/redis-adapter');
    subscriptions = gateSubscriptions(redisClients[1]!);
    io.adapter(createAdapter(redisClients[0], redisClients[1], { key: `${opts.redisKeyPrefix}:socket.io` }));
  }

  const identify = async (socket: { handshake: any }): Promise<SocketIdentity | null> => {
    const token = tokenOf(socket.handshake);
    return token ? await opts.authenticate(token).catch(() => null) : null;
  };
  const rejectUnauthenticated = async (socket: { handshake: any }, next: (err?: Error) => void) => {
    next((await identify(socket)) ? undefined : new Error('unauthorized'));
  };
  const events = io.of(NAMESPACE);
  // Rooms are joined here, before the connection is accepted: no event slips out unfiltered in
  // between. Nor is it accepted before this process receives what the others publish (decision 818).
  events.use(async (socket, next) => {
    const who = await identify(socket);
    if (!who) return next(new Error('unauthorized'));
    if (subscriptions && !(await subscriptions.ready(SUBSCRIBED_WITHIN_MS)))
      return next(new Error('events unavailable'));
    socket.join([userRoom(who.userId), ...who.organizationIds.map(orgRoom), ...(who.isAdmin ? [ADMINS] : [])]);
    next();
  });
  // The root namespace carries nothing, but it must not be an unauthenticated way in either.
  io.of('/').use(rejectUnauthenticated);
  // Events published while the subscriber is away are gone: the clients of this process reconnect
  // (once subscribed again) and re-read, rather than miss them silently (decision 818).
  subscriptions?.onLost(() => events.local.disconnectSockets(true));

  /** A user's live sockets, in every process (Redis adapter), join or leave `room` after a committed change. */
  const moveUser = (userId: string, room: string, join: boolean) => {
    try {
      const sockets = events.in(userRoom(userId));
      if (join) sockets.socketsJoin(room);
      else sockets.socketsLeave(room);
    } catch {
      // As for emit: the change is committed; a reconnecting socket joins its rooms from the stored state.
    }
  };

  const disconnectClients = () => {
    io.disconnectSockets(true);
    // io.close() also closes the HTTP server; Fastify does that itself, so only the engine's clients here.
    io.engine.close();
  };

  // A subscriber of the bus (decision 920): every socket event after its write committed.
  opts.bus.onAny((name, payload, audience?: EventAudience) => {
    if (!isSocketEvent(name)) return;
    // Fan-out trouble must never turn a committed write into an error answer. Publishes wait in the
    // Redis client's offline queue while Redis is away and go out on reconnect.
    try {
      if (audience?.userId) events.to(userRoom(audience.userId)).emit(name, payload);
      else if (audience?.organizationId) events.to([orgRoom(audience.organizationId), ADMINS]).emit(name, payload);
      else events.emit(name, payload);
    } catch {
      // Nothing to undo: the record is the source of truth; clients re-read it on reconnect.
    }
  });
  opts.bus.on('organization.membership.changed', (p) => moveUser(p.userId, orgRoom(p.organizationId), p.member));
  opts.bus.on('user.admin_role.changed', (p) => moveUser(p.userId, ADMINS, p.isAdmin));

  return {
    io,
    disconnectClients,
    async close() {
      disconnectClients();
      await Promise.all(redisClients.map(closeRedis));
    },
  };
}
