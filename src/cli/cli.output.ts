/** Output of `hangar`: results on stdout (so they can be piped), errors on stderr, one line each. */
const out: string[] = [];
let pending = false;

/** Lines are gathered and written in one go per tick: 10,000 findings are one write, not 10,000. */
export function print(line: string): void {
  out.push(line);
  if (!pending) {
    pending = true;
    queueMicrotask(flush);
  }
}

export function flush(): Promise<void> {
  pending = false;
  if (out.length === 0) return Promise.resolve();
  const text = `${out.join('\n')}\n`;
  out.length = 0;
  // Resolved once the bytes are handed to the pipe: the process may exit after this.
  return new Promise((resolve) => process.stdout.write(text, () => resolve()));
}

/** GitHub Actions escapes workflow-command data (%, CR, LF) and, in properties, also `:` and `,`. */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A GitHub Actions annotation: `::error file=…,line=…,title=…::message`. */
export function annotation(level: 'error' | 'warning' | 'notice', message: string, at: { file?: string | null; line?: number | null; title?: string }): string {
  const props = [at.file ? `file=${property(at.file)}` : null, at.line ? `line=${at.line}` : null, at.title ? `title=${property(at.title)}` : null].filter(
    Boolean,
  );
  return `::${level}${props.length ? ` ${props.join(',')}` : ''}::${data(message)}`;
}
