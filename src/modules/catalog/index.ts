export { catalogLookup, CATALOG_CACHE_NS } from './catalog.lookup.js';
