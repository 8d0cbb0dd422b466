// The integrations area's public face: what other areas and the shell may import from it (decision 941).
// Everything else in routes/integrations/ is internal; keys.ts (the live map) and routes.tsx (the router) are public too.
export { ComponentPicker } from './component-picker';
export { MESH_SIGNALS, useMeshSignals } from './mesh-queries';
export type { MeshSeries } from './mesh-queries';
export { SIGNAL_FORMATS } from './signal-chart';
export { WORKLOAD_HEAD, WorkloadRows } from './workload-rows';
