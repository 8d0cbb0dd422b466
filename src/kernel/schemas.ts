import { Type, type Static, type TSchema } from 'typebox';

/** Shared TypeBox building blocks used by every module's schemas. */
export const Uuid = Type.String({ format: 'uuid', description: 'UUID' });
/** For values no schema sees (headers read by hand, free-form widget config). */
export const isUuid = (v: unknown): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
/** Services hand Dates to the serializer (which writes ISO 8601); cached values arrive as strings. */
export const Timestamp = Type.Unsafe<Date | string>(
  Type.String({ format: 'date-time', description: 'ISO 8601 timestamp' }),
);
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const IdParams = Type.Object({ id: Uuid });
export type IdParams = Static<typeof IdParams>;

/** A free-form JSON object (metadata, config, annotations). */
export const JsonObject = Type.Record(Type.String(), Type.Unknown());

export const ErrorSchema = Type.Object(
  {
    statusCode: Type.Integer(),
    message: Type.String(),
    error: Type.String(),
    timestamp: Timestamp,
    path: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), problem: Type.String() }))),
  },
  { $id: 'Error', description: 'The error envelope of every failed request' },
);

/** Response map entries for the usual failures, so the OpenAPI document lists them. */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, Type.Ref('Error')])) as Record<number, ReturnType<typeof Type.Ref>>;

/** A 201/204 answer without a body: typed so `reply.send()` needs no payload. */
export const EmptyResponse = Type.Unsafe<undefined>(Type.Null({ description: 'No content' }));
