// Scalar's API reference over one OpenAPI document (2.0, 3.0, 3.1), passed inline: no URL, no proxy,
// no fonts from a CDN, no request client (decision 177). This module and Scalar are one lazy chunk,
// loaded only where a spec is read.
import '@scalar/api-reference-react/style.css';
import './scalar-overrides.css';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import { useEffect, useMemo, useRef } from 'react';

export default function SpecReference({ content, dark }: { content: string; dark: boolean }) {
  const configuration = useMemo(
    () => ({
      content,
      withDefaultFonts: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: dark ? ('dark' as const) : ('light' as const),
      darkMode: dark,
      telemetry: false,
      showDeveloperTools: 'never' as const,
      // Scalar's AI agent calls its cloud (proxy.scalar.com) and turns itself on for local URLs.
      agent: { disabled: true },
      documentDownloadType: 'none' as const,
      hideModels: false,
      // Code samples for twenty HTTP clients are noise here (and their tab strip fails axe).
      hiddenClients: true as const,
      layout: 'modern' as const,
      showSidebar: false,
      theme: 'default' as const,
    }),
    [content, dark],
  );
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Scalar renders a full page inside ours: its <main> would be a second main landmark, and its
    // headings start again at h1 and skip levels. Demote the landmark and re-level the visible headings
    // under the page's h1 (aria-level only; Scalar's markup and styles are left alone).
    const demote = () => {
      const root = ref.current;
      if (!root) return;
      root.querySelectorAll('main').forEach((el) => {
        // An accessible name would make browsers keep the landmark despite the role (decision 177).
        el.removeAttribute('aria-label');
        el.setAttribute('role', 'none');
      });
      let previous = 1;
      root.querySelectorAll('h1, h2, h3, h4, h5, h6').forEach((h) => {
        if (h.getClientRects().length === 0) return;
        const level = Math.min(Number(h.tagName[1]) + 1, previous + 1, 6);
        if (h.getAttribute('aria-level') !== String(level)) h.setAttribute('aria-level', String(level));
        previous = level;
      });
    };
    demote();
    const observer = new MutationObserver(demote);
    if (ref.current) observer.observe(ref.current, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="hangar-scalar overflow-hidden rounded-lg border" data-testid="api-reference">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
