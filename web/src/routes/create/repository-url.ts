// What a scaffold's target repository URL can be shown as. Pure, unit-tested.

/** The last path segment of a git URL without `.git` (`https://host/acme/orders.git` → `orders`). */
export function repositoryName(url: string): string {
  const last = url.replace(/\/+$/, '').split(/[/:]/).pop() ?? url;
  return last.replace(/\.git$/, '') || url;
}

/**
 * A URL a browser can open for a repository: http(s) as is (without `.git` and credentials);
 * `git@host:path` as https. file://, ssh:// and git:// URLs have none (shown as text).
 */
export function repositoryWebUrl(url: string): string | undefined {
  const scp = /^[\w.-]+@([\w.-]+):(?!\/)(.+)$/.exec(url);
  if (scp) return `https://${scp[1]}/${scp[2]!.replace(/\.git$/, '')}`;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
    u.username = '';
    u.password = '';
    u.pathname = u.pathname.replace(/\.git$/, '');
    return u.href;
  } catch {
    return undefined;
  }
}
