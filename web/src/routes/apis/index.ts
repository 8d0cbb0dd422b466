// The apis area's public face: what other areas and the shell may import from it (decision 941).
// Everything else in routes/apis/ is internal; keys.ts (the live map) and routes.tsx (the router) are public too.
export { SpecPanel } from './spec-panel';
