import type { IncidentStatus } from './incidents.schemas.js';

/** The incident status table (decision 606): only these moves are allowed; `resolved` is terminal. */
export const TRANSITIONS: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = Object.freeze({
  open: ['investigating', 'identified', 'resolved'],
  investigating: ['identified', 'resolved'],
  identified: ['resolved'],
  resolved: [],
});

/** Why a move is refused, or undefined when it is allowed. */
export function transitionProblem(from: IncidentStatus, to: IncidentStatus): string | undefined {
  if (from === to) return `Incident is already ${from}`;
  const allowed = TRANSITIONS[from];
  if (allowed.includes(to)) return undefined;
  if (allowed.length === 0) return `Incident is ${from}: no further status moves are allowed`;
  return `Cannot move an incident from ${from} to ${to}; allowed: ${allowed.join(', ')}`;
}

/** Drops repeated ids, keeping the first position of each. */
export const uniqueIds = (ids: readonly string[] | undefined): string[] => [
  ...new Set((ids ?? []).map((s) => s.toLowerCase())),
];
