// AsyncAPI 2.x/3.x rendered by the portal (Scalar renders OpenAPI only): info, servers, channels with
// their operations and messages, and the message payloads as JSON. Lazy chunk with the YAML parser.
import { useMemo } from 'react';
import { parse } from 'yaml';
import { Badge } from '../../components/ui/badge';
import { ErrorState } from '../../components/ui/states';
import { readAsyncApi } from './asyncapi-model';

export default function AsyncApiView({ content }: { content: string }) {
  const doc = useMemo(() => {
    try {
      return { ok: true as const, model: readAsyncApi(parse(content, { maxAliasCount: 100 })) };
    } catch (err) {
      return { ok: false as const, message: err instanceof Error ? err.message : 'unreadable document' };
    }
  }, [content]);
  if (!doc.ok) return <ErrorState error={new Error(doc.message)} />;
  const { model } = doc;
  return (
    <article className="grid grid-cols-1 gap-5" aria-label={`AsyncAPI ${model.title}`}>
      <header className="grid grid-cols-1 gap-1">
        <h2 className="text-base font-semibold">
          {model.title} <span className="font-normal text-muted-foreground">{model.version}</span>
        </h2>
        <p className="text-xs text-muted-foreground">AsyncAPI {model.asyncapi}</p>
        {model.description && <p className="text-[13px] whitespace-pre-line">{model.description}</p>}
      </header>
      {model.servers.length > 0 && (
        <section aria-label="Servers">
          <h3 className="mb-1 text-sm font-semibold">Servers</h3>
          <ul className="grid gap-1 text-[13px]">
            {model.servers.map((s) => (
              <li key={s.name}>
                <span className="font-medium">{s.name}</span> <Badge>{s.protocol}</Badge>{' '}
                <code className="break-all">{s.url}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Channels" className="grid grid-cols-1 gap-3">
        <h3 className="text-sm font-semibold">Channels ({model.channels.length})</h3>
        {model.channels.map((c) => (
          <div key={c.name} className="rounded-lg border">
            <div className="border-b bg-muted/50 px-3 py-2">
              <code className="text-[13px] font-semibold break-all">{c.address}</code>
              {c.description && <p className="text-xs text-muted-foreground">{c.description}</p>}
            </div>
            <ul className="divide-y">
              {c.operations.map((op) => (
                <li key={`${op.action}-${op.id}`} className="grid gap-1 px-3 py-2 text-[13px]">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={op.action === 'send' || op.action === 'publish' ? 'primary' : 'success'}>
                      {op.action}
                    </Badge>
                    <span className="font-medium">{op.id}</span>
                    {op.summary && <span className="text-muted-foreground">{op.summary}</span>}
                  </div>
                  {op.messages.map((m) => (
                    <details key={m.name} className="text-xs">
                      <summary className="cursor-pointer">
                        Message <span className="font-medium">{m.name}</span>
                        {m.contentType && <span className="text-muted-foreground"> · {m.contentType}</span>}
                        {m.summary && <span className="text-muted-foreground"> · {m.summary}</span>}
                      </summary>
                      <pre className="mt-1 max-h-80 overflow-auto rounded bg-muted p-2 font-mono text-[12px]">
                        {JSON.stringify(m.payload, null, 2)}
                      </pre>
                    </details>
                  ))}
                </li>
              ))}
              {c.operations.length === 0 && (
                <li className="px-3 py-2 text-xs text-muted-foreground">No operation uses this channel.</li>
              )}
            </ul>
          </div>
        ))}
      </section>
    </article>
  );
}
