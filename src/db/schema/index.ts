// Every table of the service, one file per module. drizzle-kit reads this folder to generate migrations.
export * from './auth.js';
export * from './organizations.js';
export * from './teams.js';
export * from './catalog.js';
export * from './environments.js';
