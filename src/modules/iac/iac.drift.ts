import semver from 'semver';

/**
 * Drift distance rules (decision 620), pure so they are unit tested alone:
 * - 0 when the refs are equal;
 * - either ref not semver (a commit SHA, a branch): 1;
 * - both semver (optional leading `v`) and the module is catalogued: how many of its known versions
 *   lie above `currentRef` and at or below `latestRef` (when none do, e.g. its tags could not be
 *   read, the rule below: never 0 while `latestRef` is ahead);
 * - otherwise the difference of the first differing component (major, else minor, else patch).
 * A current ref ahead of the latest one is not behind: 0 (decision 620 only speaks of distances behind).
 */
export function parseSemver(ref: string): semver.SemVer | null {
  const text = ref.trim();
  if (!/^v?\d/.test(text)) return null;
  // Strict parsing (not `loose`): "1.2" or "1.2.3.4" are not semver tags.
  return semver.parse(text.startsWith('v') ? text.slice(1) : text);
}

export function versionsBehind(currentRef: string, latestRef: string, knownVersions: readonly string[] | null): number {
  if (currentRef === latestRef) return 0;
  const current = parseSemver(currentRef);
  const latest = parseSemver(latestRef);
  if (!current || !latest) return 1;
  if (semver.compare(current, latest) >= 0) return 0;
  if (knownVersions) {
    const seen = new Set<string>();
    for (const v of knownVersions) {
      const parsed = parseSemver(v);
      // "v1.2.0" and "1.2.0" are the same release: count it once.
      if (!parsed || seen.has(parsed.version)) continue;
      if (semver.gt(parsed, current) && semver.lte(parsed, latest)) seen.add(parsed.version);
    }
    // None known in range while latest is ahead: the module's tags could not be read (or not yet
    // synced). That is not "up to date": fall back to the semver distance below.
    if (seen.size > 0) return seen.size;
  }
  if (current.major !== latest.major) return latest.major - current.major;
  if (current.minor !== latest.minor) return latest.minor - current.minor;
  if (current.patch !== latest.patch) return latest.patch - current.patch;
  // Same major.minor.patch, only the pre-release differs (1.2.3-rc.1 -> 1.2.3): one release behind.
  return 1;
}

/**
 * Spellings of one repository URL that a catalogued module may use, so a drift `sourceUrl` written
 * the way Terraform module sources are (`git::https://git.example/net.git//modules/vpc?ref=v1.2.0`)
 * matches a module registered as `https://git.example/net`, `…/net.git` or `…/net/`: the `git::`
 * forcing prefix, the `?ref=` query, the `//subdir` part, a trailing slash and `.git` are ignored.
 */
export function repositoryBase(url: string): string {
  let u = url.trim().replace(/^git::/, '');
  u = u.replace(/[?#].*$/, '');
  const scheme = u.indexOf('://');
  const sub = u.indexOf('//', scheme >= 0 ? scheme + 3 : 0);
  if (sub > 0) u = u.slice(0, sub);
  return u.replace(/\/+$/, '').replace(/\.git$/, '');
}

export function sourceUrlVariants(url: string): string[] {
  const base = repositoryBase(url);
  return [...new Set([url, base, `${base}.git`, `${base}/`])];
}
