import type { QueryWindow } from '../../kernel/metrics-window.js';
import type { MeshOneMetricQuery } from '../../modules/meshone/meshone.ports.js';
import type { MeshTwoMetricQuery } from '../../modules/meshtwo/meshtwo.ports.js';

/**
 * The PromQL of both meshes' typed metric queries (decision 1052): the meshes ask for a metric of a
 * service or deployment, this file knows Istio's and Linkerd's metric names and writes the query.
 */

/** A PromQL string literal (label values come from the caller). */
export const promString = (v: string) => JSON.stringify(v);

/** The range of `rate()` (e.g. `60s`): at least one step, at least a minute (four 15 s scrapes). */
export const rateWindow = (w: Pick<QueryWindow, 'step'>) => `${Math.max(60, w.step)}s`;

/** Each mesh one metric over Istio's standard metrics, filtered by destination service and namespace. */
export function istioQuery(q: MeshOneMetricQuery, w: Pick<QueryWindow, 'step'>): string {
  const sel = `destination_service_name=${promString(q.service)},destination_service_namespace=${promString(q.namespace)}`;
  const r = rateWindow(w);
  // Both proxies of a meshed call report it (reporter="source" and "destination"): counting both would
  // double the rate, so the destination's report is used, and the source's only where there is none
  // (a destination outside the mesh). Ratios and quantiles are not skewed by the double report.
  if (q.metric === 'rps') {
    return `sum(rate(istio_requests_total{${sel},reporter="destination"}[${r}])) or sum(rate(istio_requests_total{${sel},reporter!="destination"}[${r}]))`;
  }
  if (q.metric === 'error-rate') {
    return `(sum(rate(istio_requests_total{${sel},response_code=~"5.."}[${r}])) or on() vector(0)) / sum(rate(istio_requests_total{${sel}}[${r}]))`;
  }
  return `histogram_quantile(0.99, sum by (le) (rate(istio_request_duration_milliseconds_bucket{${sel}}[${r}])))`;
}

/** Each mesh two metric over Linkerd's proxy metrics: a deployment's inbound traffic, or every outbound edge. */
export function linkerdQuery(q: MeshTwoMetricQuery, w: Pick<QueryWindow, 'start' | 'end' | 'step'>): string {
  if (q.metric === 'edges') {
    return `sum by (namespace, deployment, dst_namespace, dst_deployment) (rate(response_total{direction="outbound",dst_deployment!=""}[${w.end - w.start}s]))`;
  }
  const sel = `deployment=${promString(q.deployment)},namespace=${promString(q.namespace)},direction="inbound"`;
  const r = rateWindow(w);
  if (q.metric === 'latency')
    return `histogram_quantile(${q.quantile}, sum by (le) (rate(response_latency_ms_bucket{${sel}}[${r}])))`;
  if (q.metric === 'rps') return `sum(rate(response_total{${sel}}[${r}]))`;
  return `(sum(rate(response_total{${sel},classification="failure"}[${r}])) or on() vector(0)) / sum(rate(response_total{${sel}}[${r}]))`;
}
