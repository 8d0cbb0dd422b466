import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

const money = {
  cpuCost: Type.Number(),
  memoryCost: Type.Number(),
  pvCost: Type.Number(),
  networkCost: Type.Number(),
  totalCost: Type.Number(),
};
export const AllocationSchema = Type.Object(money, {
  description: 'Costs of one window (memoryCost is OpenCost ramCost)',
});
export const ActualCostsSchema = Type.Object({
  componentId: Uuid,
  sevenDay: Nullable(AllocationSchema),
  thirtyDay: Nullable(AllocationSchema),
});
export const HistoryRecordSchema = Type.Object({ ...money, currency: Type.String(), syncedAt: Timestamp });
export const TeamSummarySchema = Type.Object({
  teamId: Uuid,
  totalCost: Type.Number(),
  currency: Type.String(),
  components: Type.Array(Type.Object({ componentId: Uuid, totalCost: Type.Number(), window: Type.String() })),
});
export const PlatformItemSchema = Type.Object({
  componentId: Uuid,
  totalCost: Type.Number(),
  currency: Type.String(),
  syncedAt: Timestamp,
  budgetUsd: Nullable(Type.Number()),
});
export const SummaryQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }) });
export const AvailableSchema = Type.Object({ available: Type.Boolean() });
export const SyncResultSchema = Type.Object({ synced: Type.Integer() });
