// The catalog area's public face: what other areas and the shell may import from it (decision 941).
// Everything else in routes/catalog/ is internal; keys.ts (the live map) and routes.tsx (the router) are public too.
export { catalogColumns } from './catalog-columns';
export { DeleteComponentButton, EditComponentDialog } from './component-dialogs';
export { entityByRefQuery, useCatalogPage, useEntity } from './queries';
