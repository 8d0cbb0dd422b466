// The audit log's URL state (decision 996): the API's filters, validated like every search param
// (decision 147), so a filtered view can be linked and a reload shows the same records.
const OUTCOMES = ['success', 'denied', 'failed'] as const;
const TEXT_KEYS = ['actor', 'action', 'resourceType', 'resourceId', 'cursor'] as const;

export interface AuditSearch {
  actor?: string;
  action?: string;
  resourceType?: string;
  resourceId?: string;
  outcome?: (typeof OUTCOMES)[number];
  /** ISO 8601 instants. */
  from?: string;
  to?: string;
  cursor?: string;
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() && value.trim().length <= max ? value.trim() : undefined;
const instant = (value: unknown) => {
  const t = text(value, 40);
  return t && !Number.isNaN(Date.parse(t)) ? new Date(t).toISOString() : undefined;
};

export function parseAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  for (const key of TEXT_KEYS) {
    const v = text(raw[key], 200);
    if (v) out[key] = v;
  }
  const outcome = OUTCOMES.find((o) => o === raw.outcome);
  if (outcome) out.outcome = outcome;
  const from = instant(raw.from);
  if (from) out.from = from;
  const to = instant(raw.to);
  if (to) out.to = to;
  return out;
}

export { OUTCOMES as AUDIT_OUTCOMES };
