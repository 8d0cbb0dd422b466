// Scalar's API reference over one OpenAPI document (2.0, 3.0, 3.1), passed inline: no URL, no proxy,
// no fonts from a CDN, no request client (decision 177). This module and Scalar are one lazy chunk,
// loaded only where a spec is read.
import '@scalar/api-reference-react/style.css';
import './scalar-overrides.css';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import { useMemo } from 'react';

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
      layout: 'modern' as const,
      showSidebar: false,
      theme: 'default' as const,
    }),
    [content, dark],
  );
  return (
    <div className="hangar-scalar overflow-hidden rounded-lg border" data-testid="api-reference">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
