import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown, safeUrl } from './markdown';

const render = (source: string) => renderToStaticMarkup(createElement(SafeMarkdown, null, source));

describe('post-mortem Markdown', () => {
  it('renders Markdown (GFM tables, lists, links)', () => {
    const html = render(
      '# Root cause\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.test/x)',
    );
    expect(html).toContain('<h1>Root cause</h1>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('href="https://example.test/x"');
  });

  it('drops raw HTML: an <img onerror> or <script> never reaches the page', () => {
    const html = render(
      'before <img src=x onerror="alert(1)"> after\n\n<script>alert(2)</script>\n\n<a href="javascript:alert(3)">raw</a>',
    );
    expect(html).not.toMatch(/<img|<script|onerror|javascript:/i);
    expect(html).toContain('before');
  });

  it('makes javascript:, data: and vbscript: links inert, and renders no images', () => {
    const html = render(
      '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html,hi) [v](vbscript:x) ![i](https://example.test/i.png)',
    );
    expect(html).not.toMatch(/javascript:|data:|vbscript:|<img/i);
    expect(html).toContain('<span>x</span>');
    expect(safeUrl('/incidents/1')).toBe('/incidents/1');
    expect(safeUrl('mailto:a@b.test')).toBe('mailto:a@b.test');
    expect(safeUrl(' javascript:alert(1)')).toBe('');
  });
});
