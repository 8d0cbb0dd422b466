import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/** The Fastify instance with TypeBox typing, as every module's routes receive it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * What a module's factory `createXxxModule(deps)` returns (decision 500): the verbs other modules
 * are handed, and the Fastify plugin that registers its routes and lifecycle hooks (its jobs are
 * defined through the `jobs` it lists in its deps).
 */
export interface HangarModule<Service> {
  service: Service;
  routes(app: App): Promise<void>;
}
