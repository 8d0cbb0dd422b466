// The catalog location form's fields and body, shared by the admin area's Locations page and the
// catalog page's Register location dialog (one form, two places it is offered: decision 1143).
import { fieldError } from '../../api/field-errors';
import { TextField } from '../ui/input';

const text = (data: FormData, name: string): string | undefined => {
  const v = data.get(name);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};

/** POST /api/v1/catalog/locations's body from the form: empty branch and file left out. */
export const locationBody = (data: FormData) => ({
  url: text(data, 'url') ?? '',
  branch: text(data, 'branch'),
  path: text(data, 'path'),
});

/** Git URL, branch and file, each showing the server's 400 detail for its field. */
export function LocationFields({ error }: { error: unknown }) {
  return (
    <>
      <TextField
        label="Git URL"
        name="url"
        required
        placeholder="https://git.example.com/org/repo.git"
        error={fieldError(error, 'url')}
      />
      <TextField
        label="Branch"
        name="branch"
        description="The default branch when empty"
        error={fieldError(error, 'branch')}
      />
      <TextField
        label="File"
        name="path"
        description="e.g. all.yaml; every catalog-info.yaml when empty"
        error={fieldError(error, 'path')}
      />
    </>
  );
}
