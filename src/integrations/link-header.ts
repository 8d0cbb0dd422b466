/** The `rel="next"` target of an RFC 8288 `Link` header (GitHub's and GitLab's paging), or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (m && /(?:^|;)\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

/** The link only when it stays on `base`'s origin: every request carries credentials (decision 204). */
export function sameOriginLink(link: string | null, base: string): string | null {
  if (!link) return null;
  const url = new URL(link, base);
  return url.origin === new URL(base).origin ? url.toString() : null;
}
