// Every table of the service, one file per module. drizzle-kit reads this folder to generate migrations.
export * from './auth.js';
export * from './organizations.js';
export * from './teams.js';
export * from './catalog.js';
export * from './environments.js';
export * from './iac-modules.js';
export * from './api-specs.js';
export * from './incidents.js';
export * from './dashboards.js';
export * from './templates.js';
export * from './iac.js';
