import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { stringify } from 'yaml';
import { projectRoot } from '../kernel/paths.js';

/** The demo's sample files (src/demo/sample/), read from the repository whether running from src/ or dist/. */
const sampleDir = join(projectRoot, 'src', 'demo', 'sample');
const sampleText = (name: string) => readFileSync(join(sampleDir, name), 'utf8');

export interface DeploymentPlan {
  component: string;
  everyDays: number;
  hourUtc: number;
  rolledBackOnDaysAgo: number[];
  recoveryMinutes: number;
}

type TimelineStep =
  { status: 'open' | 'investigating' | 'identified' | 'resolved'; message: string } | { update: string };

/** src/demo/sample/activity.json: everything but the catalog, in the API's own body shapes. */
export interface Activity {
  environment: { name: string; type: string; description: string };
  deployments: DeploymentPlan[];
  incident: {
    title: string;
    severity: string;
    description: string;
    affectedComponents: string[];
    timeline: TimelineStep[];
  };
  pipeline: { name: string; description: string; stages: unknown[]; trigger: { version: string } };
  dashboard: { name: string; description: string; visibility: string; widgets: Record<string, unknown>[] };
}

export const activity = (): Activity => JSON.parse(sampleText('activity.json')) as Activity;

/** Backstage's example catalog shape: groups, people, a domain, a system, components and a resource. */
export const catalogYaml = () => sampleText('catalog.yaml');

/** The versions of the petstore API the demo publishes, oldest first (2.0.0 breaks 1.0.0's clients). */
export const PETSTORE_VERSIONS = ['1.0.0', '2.0.0'] as const;

/** The `petstore` API entity carrying the real OpenAPI document of one version as its definition. */
export function petstoreApiEntity(version: (typeof PETSTORE_VERSIONS)[number]): string {
  return stringify({
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'API',
    metadata: {
      name: 'petstore',
      description: 'The petstore API (the OpenAPI Initiative example)',
      tags: ['store', 'rest'],
      // The spec version's name (catalog.entities.ts); without it the version is named by the definition's digest.
      annotations: { 'hangar.io/api-version': version },
      links: [
        {
          url: 'https://github.com/OAI/OpenAPI-Specification/blob/main/examples/v3.0/petstore.yaml',
          title: 'API Spec',
        },
      ],
    },
    spec: {
      type: 'openapi',
      lifecycle: 'production',
      owner: 'team-c',
      system: 'artist-engagement-portal',
      definition: sampleText(`petstore-${version}.yaml`),
    },
  });
}

/**
 * A sample body checked against the route's own schema (defaults filled in) before it reaches the
 * service, as the API checks a request: the demo writes nothing the API would refuse (decision 895).
 */
export function asBody<T extends TSchema>(schema: T, value: unknown, what: string) {
  const body = Value.Default(schema, structuredClone(value));
  if (!Value.Check(schema, body)) {
    const err = Value.Errors(schema, body)[0];
    throw new Error(
      `demo sample ${what} does not match the API: ${err?.instancePath || '/'} ${err?.message ?? 'invalid'}`,
    );
  }
  return body as Static<T>;
}
