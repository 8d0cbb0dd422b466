// Register a git location from the catalog page (decision 1143): admins, and team maintainers, who may
// register the entities their team owns (decision 1060). The server decides every document: a refused
// one refuses the registration with a 403 naming its file and document, shown here as it says it.
import { GitBranch } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { LocationFields, locationBody } from '../../components/catalog/location-fields';
import { useRegisterCatalogLocation, type LocationRegistration } from './queries';

function Outcome({ result }: { result: LocationRegistration }) {
  return (
    <div role="status" className="grid gap-1 rounded-lg border bg-card p-3 text-[13px]">
      <p>
        {result.created.length} created, {result.updated.length} updated, {result.unchanged.length} unchanged,{' '}
        {result.skipped.length} skipped; {result.files.length} file(s) read.
      </p>
      {result.errors.length > 0 && (
        <ul className="list-disc pl-5 text-destructive">
          {result.errors.map((e, i) => (
            <li key={i}>
              {[e.file, e.document != null ? `document ${e.document}` : undefined].filter(Boolean).join(', ')}
              {e.file || e.document != null ? ': ' : ''}
              {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function RegisterLocationDialog() {
  const [open, setOpen] = useState(false);
  const register = useRegisterCatalogLocation();
  const e = register.error;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onOpen={() => register.reset()}
      onClose={() => register.reset()}
      trigger={
        <Button size="sm" variant="secondary">
          <GitBranch aria-hidden className="size-4" /> Register location
        </Button>
      }
      title="Register a catalog location"
      description="Hangar clones the repository, reads its catalog-info.yaml files (or the file you name) and re-reads it on a schedule, with your rights."
      onSubmit={(data) => register.mutate(locationBody(data))}
      error={e}
      submitLabel="Register location"
      submitDisabled={register.isPending}
    >
      <LocationFields error={e} />
      {register.data && <Outcome result={register.data} />}
    </FormDialog>
  );
}
