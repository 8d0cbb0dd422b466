/**
 * The restricted Pod Security Standard (https://kubernetes.io/docs/concepts/security/pod-security-standards/,
 * policy version "latest": the baseline controls plus the restricted ones) checked on one pod spec, as
 * the PodSecurity admission controller does for a namespace labelled `enforce: restricted`.
 * Answers the violations, in words; none means the pod would be admitted. Decision 888.
 */
type Obj = Record<string, any>;

const RESTRICTED_VOLUMES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);
const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
]);
const SELINUX_TYPES = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t']);

export function restrictedViolations(pod: Obj): string[] {
  const out: string[] = [];
  const podSc: Obj = pod.securityContext ?? {};
  const containers: Obj[] = [
    ...(pod.initContainers ?? []),
    ...(pod.containers ?? []),
    ...(pod.ephemeralContainers ?? []),
  ];

  // Baseline.
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC']) if (pod[field]) out.push(`${field} is set`);
  for (const s of podSc.sysctls ?? []) if (!SAFE_SYSCTLS.has(s.name)) out.push(`sysctl ${s.name} is not a safe one`);
  for (const v of pod.volumes ?? []) {
    const type = Object.keys(v).find((k) => k !== 'name');
    if (!type || !RESTRICTED_VOLUMES.has(type))
      out.push(`volume ${v.name} is of type ${type}, not one of ${[...RESTRICTED_VOLUMES].join(', ')}`);
  }
  const seLinux = (sc: Obj | undefined, where: string) => {
    const o = sc?.seLinuxOptions;
    if (!o) return;
    if (!SELINUX_TYPES.has(o.type ?? '')) out.push(`${where}: SELinux type ${o.type} is not allowed`);
    if (o.user || o.role) out.push(`${where}: SELinux user and role must be unset`);
  };
  const appArmor = (sc: Obj | undefined, where: string) => {
    const type = sc?.appArmorProfile?.type;
    if (type && type !== 'RuntimeDefault' && type !== 'Localhost')
      out.push(`${where}: AppArmor profile ${type} is not allowed`);
  };
  seLinux(podSc, 'pod');
  appArmor(podSc, 'pod');
  for (const [key, value] of Object.entries(pod.metadata?.annotations ?? {})) {
    if (
      key.startsWith('container.apparmor.security.beta.kubernetes.io/') &&
      value !== 'runtime/default' &&
      !String(value).startsWith('localhost/')
    )
      out.push(`annotation ${key}=${value} is not an allowed AppArmor profile`);
  }

  // Restricted, pod level: seccomp and non-root may be set here for every container.
  const seccompOk = (sc: Obj | undefined) => ['RuntimeDefault', 'Localhost'].includes(sc?.seccompProfile?.type);
  if (podSc.runAsUser === 0) out.push('pod: runAsUser is 0');
  if (podSc.seccompProfile && !seccompOk(podSc))
    out.push(`pod: seccomp profile ${podSc.seccompProfile.type} is not RuntimeDefault or Localhost`);

  for (const c of containers) {
    const where = `container ${c.name}`;
    const sc: Obj = c.securityContext ?? {};
    if (sc.privileged) out.push(`${where}: privileged`);
    if (sc.procMount && sc.procMount !== 'Default') out.push(`${where}: procMount ${sc.procMount}`);
    for (const p of c.ports ?? []) if (p.hostPort) out.push(`${where}: hostPort ${p.hostPort}`);
    seLinux(sc, where);
    appArmor(sc, where);
    if (sc.allowPrivilegeEscalation !== false) out.push(`${where}: allowPrivilegeEscalation must be false`);
    if (!(sc.runAsNonRoot ?? podSc.runAsNonRoot)) out.push(`${where}: runAsNonRoot must be true (container or pod)`);
    if (sc.runAsUser === 0) out.push(`${where}: runAsUser is 0`);
    if (sc.seccompProfile ? !seccompOk(sc) : !seccompOk(podSc))
      out.push(`${where}: seccomp profile must be RuntimeDefault or Localhost (container or pod)`);
    const caps: Obj = sc.capabilities ?? {};
    if (!(caps.drop ?? []).includes('ALL')) out.push(`${where}: capabilities must drop ALL`);
    for (const add of caps.add ?? [])
      if (add !== 'NET_BIND_SERVICE') out.push(`${where}: capability ${add} may not be added`);
  }
  return out;
}
