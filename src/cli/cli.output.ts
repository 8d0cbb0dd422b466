/** Output of `hangar`: results on stdout (so they can be piped), errors on stderr, one line each. */
const out: string[] = [];
let scheduled = false;
/** The last write handed to stdout; `flush` waits for it, so exiting never cuts output short. */
let written: Promise<void> = Promise.resolve();

/** Lines are gathered and written in one go per tick: 10,000 findings are one write, not 10,000. */
export function print(line: string): void {
  out.push(line);
  if (!scheduled) {
    scheduled = true;
    queueMicrotask(() => void flush());
  }
}

/** Writes what was printed and resolves once stdout has taken every byte written so far. */
export function flush(): Promise<void> {
  scheduled = false;
  if (out.length > 0) {
    const text = `${out.join('\n')}\n`;
    out.length = 0;
    const previous = written;
    written = previous.then(() => new Promise<void>((resolve) => process.stdout.write(text, () => resolve())));
  }
  return written;
}

/** GitHub Actions escapes workflow-command data (%, CR, LF) and, in properties, also `:` and `,`. */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A GitHub Actions annotation: `::error file=…,line=…,title=…::message`. */
export function annotation(
  level: 'error' | 'warning' | 'notice',
  message: string,
  at: { file?: string | null; line?: number | null; title?: string },
): string {
  const props = [
    at.file ? `file=${property(at.file)}` : null,
    at.line ? `line=${at.line}` : null,
    at.title ? `title=${property(at.title)}` : null,
  ].filter(Boolean);
  return `::${level}${props.length ? ` ${props.join(',')}` : ''}::${data(message)}`;
}
