// The dry run's result: the rendered file tree and the selected file's content (decision 700).
// Nothing has been written when this shows.
import { FileText, Folder } from 'lucide-react';
import { useMemo } from 'react';
import { useScaffoldFile, type ScaffoldRequest } from './queries';
import { cn } from '../../lib/cn';
import { fileTree, type TreeNode } from './form-model';
import { formatNumber } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

export function PreviewPanel({
  request,
  file,
  stale,
  onSelect,
}: {
  request: ScaffoldRequest;
  file?: string;
  stale: boolean;
  onSelect: (path: string) => void;
}) {
  const files = useMemo(() => request.renderedFiles ?? [], [request.renderedFiles]);
  const tree = useMemo(() => fileTree(files), [files]);
  const selected = file && files.includes(file) ? file : undefined;
  return (
    <section aria-labelledby="preview-heading" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="preview-heading" className="text-base font-semibold">
          Preview: {files.length} {files.length === 1 ? 'file' : 'files'}
        </h2>
        <p className="text-[13px] text-muted-foreground">{request.statusMessage}</p>
        {stale && (
          <p aria-live="polite" className="text-[13px] font-medium text-warning">
            The settings changed since this preview. Preview again to create the service with them.
          </p>
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(12rem,18rem)_minmax(0,1fr)]">
        <nav aria-label="Rendered files" className="max-h-[28rem] overflow-auto rounded-lg border p-2 text-[13px]">
          <Tree nodes={tree} selected={selected} onSelect={onSelect} />
        </nav>
        <FileView requestId={request.id} path={selected} />
      </div>
    </section>
  );
}

function Tree({
  nodes,
  selected,
  onSelect,
}: {
  nodes: TreeNode[];
  selected?: string;
  onSelect: (path: string) => void;
}) {
  return (
    <ul className="grid gap-0.5">
      {nodes.map((n) =>
        n.path === undefined ? (
          <li key={`d:${n.name}`}>
            <details open>
              <summary className="flex cursor-pointer items-center gap-1.5 rounded px-1.5 py-1 hover:bg-muted">
                <Folder aria-hidden className="size-3.5 text-muted-foreground" />
                {n.name}
              </summary>
              <div className="ml-3 border-l pl-1.5">
                <Tree nodes={n.children} selected={selected} onSelect={onSelect} />
              </div>
            </details>
          </li>
        ) : (
          <li key={n.path}>
            <button
              type="button"
              title={n.path}
              aria-current={n.path === selected ? 'true' : undefined}
              onClick={() => onSelect(n.path!)}
              className={cn(
                'flex w-full items-center gap-1.5 rounded px-1.5 py-1 text-left hover:bg-muted',
                n.path === selected && 'bg-accent font-medium text-accent-foreground',
              )}
            >
              <FileText aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
              <span className="truncate">{n.name}</span>
            </button>
          </li>
        ),
      )}
    </ul>
  );
}

function FileView({ requestId, path }: { requestId: string; path?: string }) {
  const file = useScaffoldFile(requestId, path);
  return (
    <section
      aria-label={path ? `Content of ${path}` : 'File content'}
      className="grid min-w-0 content-start gap-2 rounded-lg border p-3"
    >
      {!path ? (
        <p className="text-[13px] text-muted-foreground">Choose a file to see its content.</p>
      ) : (
        <>
          <h3 className="font-mono text-[13px] font-semibold break-all">{path}</h3>
          <QueryState query={file} label={path} rows={6}>
            {(data) =>
              data.binary ? (
                <p className="text-[13px] text-muted-foreground">
                  A binary file of {formatNumber(data.size)} bytes: it is copied as it is, without placeholders.
                </p>
              ) : (
                <>
                  {/* Focusable so keyboard users can scroll long files (axe: scrollable-region-focusable). */}
                  <pre
                    tabIndex={0}
                    className="max-h-[28rem] overflow-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed"
                  >
                    <code>{data.content}</code>
                  </pre>
                  {data.truncated && (
                    <p className="text-xs text-muted-foreground">Only the first 200,000 characters are shown.</p>
                  )}
                </>
              )
            }
          </QueryState>
        </>
      )}
    </section>
  );
}
