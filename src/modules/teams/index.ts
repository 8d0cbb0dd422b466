export { teamsLookup } from './teams.lookup.js';
