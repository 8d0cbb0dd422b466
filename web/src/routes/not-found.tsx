import { Link } from '@tanstack/react-router';
import { EmptyState } from '../components/ui/states';

export function NotFound() {
  return (
    <div className="p-6">
      <EmptyState
        title="This page does not exist"
        action={
          <Link to="/catalog" className="text-[13px] font-medium text-primary underline underline-offset-2">
            Go to the catalog
          </Link>
        }
      >
        The address may be mistyped, or the item was removed.
      </EmptyState>
    </div>
  );
}
