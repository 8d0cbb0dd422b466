/**
 * Defaults of a resource node reported with only its address, read the way Terraform writes
 * addresses: `[module.<name>[<key>].]…[data.]<type>.<name>[<key>]`. The implied provider of a type is
 * its prefix before the first `_` (Terraform's own rule for a resource without a `provider` argument).
 */
export function nodeDefaults(address: string): { type: string; name: string; provider: string } {
  let rest = address;
  // Module path segments (`module.vpc.`, `module.db["eu"].`) do not name the resource.
  for (let m = /^module\.[^.[]+(\[[^\]]*\])?\./.exec(rest); m; m = /^module\.[^.[]+(\[[^\]]*\])?\./.exec(rest))
    rest = rest.slice(m[0].length);
  if (rest.startsWith('data.')) rest = rest.slice('data.'.length);
  const dot = rest.indexOf('.');
  const type = dot > 0 ? rest.slice(0, dot) : rest;
  const name = dot > 0 ? rest.slice(dot + 1) : rest;
  const underscore = type.indexOf('_');
  return { type, name, provider: underscore > 0 ? type.slice(0, underscore) : type };
}

export function completeNode(n: { address: string; type?: string; provider?: string; name?: string }) {
  if (n.type !== undefined && n.provider !== undefined && n.name !== undefined)
    return { address: n.address, type: n.type, provider: n.provider, name: n.name };
  const d = nodeDefaults(n.address);
  return { address: n.address, type: n.type ?? d.type, provider: n.provider ?? d.provider, name: n.name ?? d.name };
}
