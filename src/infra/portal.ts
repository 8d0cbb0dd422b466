import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../kernel/error-handler.js';
import type { App } from '../kernel/types.js';

/** Paths the portal never answers: the API, Socket.IO, metrics and health keep their own 404s. */
const SERVER_PREFIXES = ['/api', '/events', '/socket.io', '/metrics', '/health'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT_MESSAGE =
  'The web portal is not built: run `npm run build` (or `npm start`, which builds it) and restart the server';

const NOT_BUILT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hangar: portal not built</title></head>
<body><main><h1>The Hangar portal is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and restart the server.
The API is available at <a href="/api/docs">/api/docs</a>.</p></main></body></html>`;

function isServerPath(path: string): boolean {
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/'));
}

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export interface Portal {
  /** Whether `dir` held a build (index.html) at start. */
  readonly built: boolean;
  /**
   * The not-found handler's fallback: the SPA's index.html (or the "not built" 503) for an HTML
   * GET outside the server's own paths, so deep links into the portal load it. False: not handled.
   */
  fallback(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Registers the file routes (or the 503 at `/` when there is no build). */
  register(app: App): Promise<void>;
}

function sendNotBuilt(request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('retry-after', '60');
  if (wantsHtml(request)) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_HTML);
  return sendError(request, reply, 503, NOT_BUILT_MESSAGE);
}

/**
 * The web portal (web/dist) served by this process (decision 100): the file list is read once at
 * start, hashed files under assets/ are cached for a year, everything else (index.html) is
 * revalidated on every load, and the build's `.br`/`.gz` twins are sent when the client accepts them.
 */
export function createPortal(dir: string): Portal {
  const built = existsSync(join(dir, 'index.html'));
  const assetsDir = join(dir, 'assets') + sep;
  return {
    built,
    fallback(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = request.url.split('?')[0]!;
      if (isServerPath(path) || !wantsHtml(request)) return false;
      if (!built) sendNotBuilt(request, reply);
      else reply.sendFile('index.html');
      return true;
    },
    async register(app) {
      if (!built) {
        app.get('/', { config: { auth: 'none' }, schema: { hide: true } as object }, (request, reply) =>
          sendNotBuilt(request, reply),
        );
        return;
      }
      const common = {
        preCompressed: true,
        serveDotFiles: false,
        cacheControl: false,
        setHeaders: (res: { setHeader(name: string, value: string): void }, filePath: string) => {
          res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
          res.setHeader('vary', 'accept-encoding');
        },
      };
      // The few files at the top (index.html, the icon, the theme script): one route each, listed at
      // start, as a catch-all at / would turn every unknown path, /api's included, into a "known path"
      // for the 405 check.
      await app.register(fastifyStatic, {
        ...common,
        root: dir,
        prefix: '/',
        wildcard: false,
        globIgnore: ['**/*.br', '**/*.gz', 'assets/**'],
      });
      // The hashed files under assets/ (about 200, each a GET and a HEAD route when listed) behind one
      // wildcard route of their own prefix: no scan and no routes to build at start (decision 900).
      await app.register(fastifyStatic, {
        ...common,
        root: assetsDir,
        prefix: '/assets/',
        wildcard: true,
        decorateReply: false,
      });
    },
  };
}
