import { Type } from 'typebox';
import { NotFound } from '../../kernel/errors.js';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  AvailableSchema,
  ComponentParams,
  ManifestSchema,
  NameParams,
  NameTagParams,
  ReplicationSchema,
  RepositorySchema,
  ScanSchema,
  SummarySchema,
  SyncAnswer,
  TagSchema,
  VulnerabilitySchema,
} from './registry.schemas.js';
import type { RegistryService } from './registry.service.js';

const tags = ['registry'];
const base = '/api/v1/registry';
const upstream = errorResponses(400, 401, 404, 502, 503);

export async function registryRoutes(app: App, { service }: { service: RegistryService }) {
  repositoryRoutes(app, { service });
  vulnerabilityRoutes(app, { service });
  slashedNameRoutes(app, { service });
}

/** The registry: its availability, repositories, replications, tags, manifests and scans. */
function repositoryRoutes(app: App, { service }: { service: RegistryService }) {
  app.get(
    `${base}/available`,
    {
      schema: {
        operationId: 'getRegistryAvailability',
        tags,
        summary: 'Whether a registry adapter is configured and answers',
        response: { 200: AvailableSchema, ...errorResponses(401) },
      },
    },
    async (req) => service.available(req.caller),
  );
  app.get(
    `${base}/repositories`,
    {
      schema: {
        operationId: 'listRegistryRepositories',
        tags,
        summary: 'Repositories of the configured registry',
        response: { 200: Type.Array(RepositorySchema), ...upstream },
      },
    },
    async (req) => service.repositories(req.caller),
  );
  app.get(
    `${base}/selfhosted/replications`,
    {
      schema: {
        operationId: 'listRegistryReplications',
        tags,
        summary: 'Replication policies (self-hosted adapter only; other adapters answer [])',
        response: { 200: Type.Array(ReplicationSchema), ...upstream },
      },
    },
    async (req) => service.replications(req.caller),
  );
  app.get(
    `${base}/repositories/:name/tags`,
    {
      schema: {
        operationId: 'listRegistryTags',
        tags,
        summary: 'Tags of a repository (`:name` URL-encoded)',
        params: NameParams,
        response: { 200: Type.Array(TagSchema), ...upstream },
      },
    },
    async (req) => service.tags(req.caller, req.params.name),
  );
  app.get(
    `${base}/repositories/:name/manifest/:tag`,
    {
      schema: {
        operationId: 'getRegistryManifest',
        tags,
        summary: 'Manifest of a tag',
        params: NameTagParams,
        response: { 200: ManifestSchema, ...upstream },
      },
    },
    async (req) => service.manifest(req.caller, req.params.name, req.params.tag),
  );
  app.get(
    `${base}/repositories/:name/scan/:tag`,
    {
      schema: {
        operationId: 'getRegistryScan',
        tags,
        summary: 'Scan result of a tag, read from the registry',
        params: NameTagParams,
        response: { 200: ScanSchema, ...upstream },
      },
    },
    async (req) => service.scan(req.caller, req.params.name, req.params.tag),
  );
}

/** A component's vulnerabilities: listed, summed up and synced. */
function vulnerabilityRoutes(app: App, { service }: { service: RegistryService }) {
  app.get(
    `${base}/components/:componentId/vulnerabilities`,
    {
      schema: {
        operationId: 'listComponentVulnerabilities',
        tags,
        summary: "A component's stored findings (by severity, then CVE)",
        params: ComponentParams,
        response: { 200: Type.Array(VulnerabilitySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.vulnerabilities(req.caller, req.params.componentId),
  );
  app.get(
    `${base}/components/:componentId/vulnerabilities/summary`,
    {
      schema: {
        operationId: 'getComponentVulnerabilitySummary',
        tags,
        summary: "Counts of a component's stored findings by severity",
        params: ComponentParams,
        response: { 200: SummarySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.summary(req.caller, req.params.componentId),
  );
  app.post(
    `${base}/components/:componentId/vulnerabilities/sync`,
    {
      schema: {
        operationId: 'syncComponentVulnerabilities',
        tags,
        summary: "Replace a component's findings with the scan of its image (hangar.io/image)",
        params: ComponentParams,
        response: { 200: SyncAnswer, ...upstream },
      },
    },
    async (req) => service.requestSync(req.caller, req.params.componentId),
  );
}

/** A repository named with an unencoded slash. */
function slashedNameRoutes(app: App, { service }: { service: RegistryService }) {
  // Clients that do not encode the slash of `team/app` reach the same answers through this route.
  app.get(
    `${base}/repositories/*`,
    {
      schema: {
        operationId: 'getRegistryRepositoryPath',
        hide: true,
        tags,
        summary: 'Tags, manifest or scan of a repository named with unencoded slashes',
        response: { 200: Type.Union([Type.Array(TagSchema), ManifestSchema, ScanSchema]), ...upstream },
      },
    },
    async (req) => {
      const path = (req.params as { '*': string })['*'];
      const tagsOf = /^(.+)\/tags$/.exec(path);
      if (tagsOf) return service.tags(req.caller, tagsOf[1]!);
      const ref = /^(.+)\/(manifest|scan)\/([^/]+)$/.exec(path);
      if (ref)
        return ref[2] === 'manifest'
          ? service.manifest(req.caller, ref[1]!, ref[3]!)
          : service.scan(req.caller, ref[1]!, ref[3]!);
      throw new NotFound(`Route GET ${req.url.split('?')[0]} not found`);
    },
  );
}
