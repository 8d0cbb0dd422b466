// URL state of the "Create a service" pages, validated so any pasted URL is a well-formed view
// (decision 147): the gallery's filters, and on a template's page the dry run being previewed, the
// file shown and the scaffold request being followed. Pure, unit-tested.

export interface GallerySearch {
  q?: string;
  language?: string;
  tag?: string;
}

export interface CreateSearch {
  /** The dry run (a scaffold request id) whose files are shown. */
  preview?: string;
  /** The previewed file's path. */
  file?: string;
  /** The scaffold request whose progress is shown. */
  request?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
};
const uuid = (value: unknown): string | undefined =>
  typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;

export function parseGallerySearch(raw: Record<string, unknown>): GallerySearch {
  const out: GallerySearch = {};
  const q = text(raw.q, 200);
  if (q) out.q = q;
  const language = text(raw.language, 50);
  if (language) out.language = language;
  const tag = text(raw.tag, 50);
  if (tag) out.tag = tag;
  return out;
}

/** A scaffold request wins over a preview: once created, the page follows the request. */
export function parseCreateSearch(raw: Record<string, unknown>): CreateSearch {
  const request = uuid(raw.request);
  if (request) return { request };
  const preview = uuid(raw.preview);
  if (!preview) return {};
  const file =
    typeof raw.file === 'string' && raw.file.length > 0 && raw.file.length <= 1024 && !raw.file.includes('\0')
      ? raw.file
      : undefined;
  return file ? { preview, file } : { preview };
}
