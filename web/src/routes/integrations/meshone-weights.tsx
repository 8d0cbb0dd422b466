// Mesh one's traffic weights, edited by admins on its page (decision 766).
import { useState, type FormEvent } from 'react';
import { useMeshOneVirtualService, useSetMeshOneWeights, type MeshOneVirtualService } from './mesh-queries';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { systemConfig } from './systems';

const CONFIG = systemConfig('/integrations/meshone');

/** A destination of the first HTTP route as the weights patch names it: its subset, else its host (decision 766). */
export const destinationKey = (d: { host: string; subset?: string }) => d.subset ?? d.host;

export function WeightsForm({ namespace, name, onDone }: { namespace: string; name: string; onDone: () => void }) {
  const vs = useMeshOneVirtualService(namespace, name);
  return (
    <QueryState query={vs} label={`virtual service ${name}`} system={CONFIG}>
      {(resource) => <WeightsEditor namespace={namespace} resource={resource} onDone={onDone} />}
    </QueryState>
  );
}

function WeightsEditor({
  namespace,
  resource,
  onDone,
}: {
  namespace: string;
  resource: MeshOneVirtualService;
  onDone: () => void;
}) {
  const routes = resource.http[0]?.route ?? [];
  const [weights, setWeights] = useState(() => routes.map((r) => String(r.weight)));
  const save = useSetMeshOneWeights(namespace);
  const errorId = `weights-error-${resource.name}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        name: resource.name,
        weights: routes.map((r, i) => ({ destination: destinationKey(r.destination), weight: Number(weights[i]) })),
      },
      { onSuccess: onDone },
    );
  };
  if (routes.length === 0)
    return (
      <EmptyState title="No HTTP route">This virtual service has no HTTP route whose weights could be set.</EmptyState>
    );
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border p-3" aria-label={`Weights of ${resource.name}`}>
      <fieldset
        className="grid gap-2"
        aria-describedby={save.error ? errorId : undefined}
        aria-invalid={save.error ? true : undefined}
      >
        <legend className="text-sm font-medium">
          Weights of the first HTTP route of {resource.name} (whole numbers summing to 100)
        </legend>
        {routes.map((r, i) => {
          const key = destinationKey(r.destination);
          return (
            <label key={key} className="grid grid-cols-[minmax(0,1fr)_6rem] items-center gap-2 text-[13px]">
              <span className="truncate">
                {r.destination.host}
                {r.destination.subset && <span className="text-muted-foreground"> subset {r.destination.subset}</span>}
              </span>
              <Input
                type="number"
                inputMode="numeric"
                value={weights[i]}
                onChange={(e) => setWeights((w) => w.map((v, j) => (j === i ? e.target.value : v)))}
                aria-label={`Weight of ${key}`}
              />
            </label>
          );
        })}
        {save.error && (
          <p id={errorId} role="alert" className="text-[13px] text-destructive">
            {(save.error as Error).message}
          </p>
        )}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save weights
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
