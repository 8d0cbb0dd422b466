/**
 * Which cluster a call goes to: the server's own (`CLUSTER_CONFIG_PATH` or the in-cluster service
 * account), or a kubeconfig an admin supplied in the `clusterConfig` query (decision
 * 615): base64 text for mesh one, kubeconfig text or a file path for mesh two. A value of the meshes'
 * ports, read by the Kubernetes adapters: it lives here so the ports name it without importing an
 * integration (decision 1053).
 */
export type ClusterRef =
  { kind: 'default' } | { kind: 'base64'; value: string } | { kind: 'textOrPath'; value: string };
