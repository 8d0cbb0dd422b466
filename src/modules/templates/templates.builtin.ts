import { join } from 'node:path';
import { projectRoot } from '../../kernel/paths.js';
import type { VariableDefinition } from './templates.render.js';

/**
 * The templates shipped with Hangar (decision 609). Their files live in
 * `templates/builtin/<name>/` at the repository root; `repositoryUrl` is `builtin://<name>`, a marker
 * that the worker reads from that folder instead of cloning.
 */
export const BUILTIN_SCHEME = 'builtin://';
export const builtinDir = (name: string) => join(projectRoot, 'templates', 'builtin', name);

const NAME_PATTERN = '^[a-z][a-z0-9-]{1,62}$';
const PORT_PATTERN = '^[0-9]{2,5}$';

const serviceName = (what: string): VariableDefinition => ({
  key: 'SERVICE_NAME',
  label: 'Service name',
  description: `Name of the ${what}: lower-case letters, digits and dashes, 2-63 characters, starting with a letter`,
  default: '',
  required: true,
  pattern: NAME_PATTERN,
});
const port = (dflt: string): VariableDefinition => ({
  key: 'PORT',
  label: 'Port',
  description: 'TCP port the process listens on',
  default: dflt,
  required: false,
  pattern: PORT_PATTERN,
});

/** Owner of the scaffolded component in its catalog-info.yaml: a team name or entity reference. */
const owner: VariableDefinition = {
  key: 'OWNER',
  label: 'Owner',
  description: 'Owner written to catalog-info.yaml: a team name or an entity reference (`group:default/team-a`, `user:default/jane`)',
  default: 'unassigned',
  required: false,
  pattern: '^([A-Za-z]+:)?([a-z0-9-]+/)?[A-Za-z0-9][A-Za-z0-9._-]{0,62}$',
};

export interface BuiltinTemplate {
  name: string;
  description: string;
  language: string;
  framework: string;
  tags: string[];
  variables: VariableDefinition[];
}

export const BUILTIN_TEMPLATES: BuiltinTemplate[] = [
  {
    name: 'typescript-backend',
    description: 'TypeScript HTTP API on Fastify with a health endpoint, Dockerfile and CI workflow',
    language: 'typescript',
    framework: 'fastify',
    tags: ['backend', 'api', 'node'],
    variables: [
      serviceName('service'),
      port('3000'),
      {
        key: 'DATABASE_TYPE',
        label: 'Database type',
        description: 'Database the service is configured for: postgres, mysql or sqlite',
        default: 'postgres',
        required: false,
        pattern: '^(postgres|mysql|sqlite)$',
      },
      owner,
    ],
  },
  {
    name: 'typescript-webapp',
    description: 'TypeScript single-page web app on React and Vite, served by nginx in its container',
    language: 'typescript',
    framework: 'react-vite',
    tags: ['frontend', 'webapp', 'react'],
    variables: [
      {
        key: 'APP_NAME',
        label: 'App name',
        description: 'Name of the web app: lower-case letters, digits and dashes, 2-63 characters, starting with a letter',
        default: '',
        required: true,
        pattern: NAME_PATTERN,
      },
      port('3000'),
      owner,
    ],
  },
  {
    name: 'go-service',
    description: 'Go HTTP service on the standard library (net/http) with graceful shutdown',
    language: 'go',
    framework: 'net-http',
    tags: ['backend', 'api', 'go'],
    variables: [serviceName('service'), port('8080'), owner],
  },
  {
    name: 'python-worker',
    description: 'Python background worker consuming a Redis queue with a pool of concurrent consumers',
    language: 'python',
    framework: 'redis-worker',
    tags: ['worker', 'queue', 'python'],
    variables: [
      serviceName('worker'),
      {
        key: 'QUEUE_NAME',
        label: 'Queue name',
        description: 'Name of the Redis list the worker consumes jobs from',
        default: '',
        required: true,
      },
      {
        key: 'CONCURRENCY',
        label: 'Concurrency',
        description: 'Number of jobs processed at the same time',
        default: '4',
        required: false,
        pattern: '^[0-9]+$',
      },
      owner,
    ],
  },
];
