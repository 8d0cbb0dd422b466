import { Badge } from '../../components/ui/badge';

type Workload = { name: string; namespace: string; replicas: number; readyReplicas: number; image: string };

/** The rows of a workloads table (Workload, Namespace, Ready, Image): the cluster page's and the entity's Kubernetes tab. */
export function WorkloadRows({ list }: { list: Workload[] }) {
  return list.map((w) => (
    <tr key={`${w.namespace}/${w.name}`}>
      <td className="font-medium">{w.name}</td>
      <td>{w.namespace}</td>
      <td>
        <Badge tone={w.replicas > 0 && w.readyReplicas >= w.replicas ? 'success' : 'warning'}>
          {w.readyReplicas}/{w.replicas}
        </Badge>
      </td>
      <td className="max-w-96 truncate font-mono">{w.image}</td>
    </tr>
  ));
}

export const WORKLOAD_HEAD = ['Workload', 'Namespace', 'Ready', 'Image'];
