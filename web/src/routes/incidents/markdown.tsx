// Post-mortems are Markdown written by people: rendered with react-markdown, never as HTML (decision 745).
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Links may go to http(s), mailto or a path of the portal; anything else (javascript:, data:, vbscript:…) becomes inert. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  if (!cleaned) return '';
  if (/^(https?:|mailto:)/i.test(cleaned) || /^[/#?]/.test(cleaned) || !/^[a-z][a-z0-9+.-]*:/i.test(cleaned))
    return cleaned;
  return '';
}

const components: Components = {
  // Links open as plain navigations; a link whose address was refused renders as its text.
  a: ({ href, children }) =>
    href ? (
      <a href={href} rel="noopener noreferrer nofollow" className="text-primary underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

/**
 * Safe Markdown: raw HTML in the source is dropped (`skipHtml`), no `rehype-raw`; images are not
 * rendered (no requests to addresses an author chose); URLs pass `safeUrl`.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <div className="markdown grid gap-2 text-sm leading-relaxed [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:text-sm [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_table]:text-[13px] [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc">
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={safeUrl}
        disallowedElements={['img']}
        components={components}
      >
        {children}
      </Markdown>
    </div>
  );
}
