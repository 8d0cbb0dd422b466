import { STATUS_CODES } from 'node:http';
import { Type } from 'typebox';
import type { Infrastructure } from '../../context.js';
import type { App } from '../../kernel/types.js';

const Check = Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('disabled')]);

/** Liveness (the process answers) and readiness (its database and Redis answer). */
export async function healthRoutes(app: App, ctx: Pick<Infrastructure, 'database' | 'redis'>) {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['operations'],
        summary: 'Liveness',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['operations'],
        summary: 'Readiness: 200 when the database (and Redis, when configured) answer, else 503',
        response: {
          200: Type.Object({ status: Type.Literal('ok'), checks: Type.Object({ database: Check, redis: Check }) }),
          503: Type.Object({
            statusCode: Type.Integer(),
            message: Type.String(),
            error: Type.String(),
            timestamp: Type.String(),
            path: Type.String(),
            checks: Type.Object({ database: Check, redis: Check }),
          }),
        },
      },
    },
    async (req, reply) => {
      const within = <T>(p: Promise<T>) =>
        Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error('timeout')), 2_000).unref())]);
      const [database, redis] = await Promise.all([
        within(ctx.database.ping()).then(
          () => 'up' as const,
          () => 'down' as const,
        ),
        ctx.redis
          ? within(ctx.redis.ping()).then(
              () => 'up' as const,
              () => 'down' as const,
            )
          : Promise.resolve('disabled' as const),
      ]);
      const checks = { database, redis };
      if (database === 'up' && redis !== 'down') return { status: 'ok' as const, checks };
      const down = Object.entries(checks)
        .filter(([, v]) => v === 'down')
        .map(([k]) => k);
      return reply.code(503).send({
        statusCode: 503,
        message: `Not ready: ${down.join(' and ')} unreachable`,
        error: STATUS_CODES[503]!,
        timestamp: new Date().toISOString(),
        path: req.url.split('?')[0]!,
        checks,
      });
    },
  );
}
