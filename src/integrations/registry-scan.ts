import { SEVERITIES, type ScanResult, type Severity } from '../modules/registry/registry.ports.js';

/** The answer of a registry that has no scanner (decision 1055: shared by the registry adapters, not part of the port). */
export const UNSUPPORTED_SCAN: ScanResult = Object.freeze({ status: 'UNSUPPORTED', vulnerabilities: [] }) as ScanResult;

/** Maps the severity words of scanners (Harbor, Trivy, ECR) to the document's values. */
export function normaliseSeverity(raw: unknown): Severity {
  const s = String(raw ?? '').toUpperCase();
  if ((SEVERITIES as readonly string[]).includes(s)) return s as Severity;
  if (s === 'NEGLIGIBLE' || s === 'NONE' || s === 'INFO') return 'INFORMATIONAL';
  return 'UNDEFINED';
}
