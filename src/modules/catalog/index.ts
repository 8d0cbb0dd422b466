export { catalogLookup } from './catalog.lookup.js';
