import type { ReactNode } from 'react';
import { TextLink } from '../../components/ui/text-link';

/** Label and value pairs as a description list: two columns from small screens up, stacked on a phone. */
export function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-[13px] sm:grid-cols-[max-content_minmax(0,1fr)]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a deployment's or an environment's page says when its id names nothing (QueryState's `notFound`, decision 790). */
export const notFoundNotice = (thing: 'deployment' | 'environment') => ({
  title: `No ${thing} with this id`,
  action: <TextLink to="/deployments">Back to deployments</TextLink>,
});
