// The admin area's public face: what other areas and the shell may import from it (decision 941).
// Everything else in routes/admin/ is internal; keys.ts (the live map) and routes.tsx (the router) are public too.
export { useEnvironments } from './environments-queries';
export { useAllUsers } from './users-queries';
