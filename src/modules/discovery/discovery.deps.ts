import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { DiscoveryScanRecord } from '../../db/schema/index.js';
import type { OutboundRules } from '../../integrations/outbound/policy.js';
import type { Caller } from '../../kernel/caller.js';
import type { DiscoveryProviders } from './discovery.ports.js';
import type { DiscoveryCatalogPort } from './discovery.reader.js';

// The discovery service's dependencies, shared by its verb groups (decision 1170).

/** The credentials module's verb discovery reads a source's credential with. */
export interface DiscoveryCredentialsPort {
  readValueById(caller: Caller, id: string): Promise<{ type: string; value: Record<string, string> } | null>;
}

export interface DiscoveryDeps {
  db: Database;
  log: FastifyBaseLogger;
  providers: DiscoveryProviders;
  catalog: DiscoveryCatalogPort;
  credentials: DiscoveryCredentialsPort;
  outbound: OutboundRules;
  maxInFlight: number;
  requestTimeoutMs?: number;
  /** Queues a scan (the jobs runtime; the key keeps one per source). */
  queueScan(sourceId: string, trigger: DiscoveryScanRecord['trigger']): Promise<void>;
}
