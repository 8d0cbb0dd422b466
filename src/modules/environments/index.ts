export { environmentsLookup } from './environments.lookup.js';
