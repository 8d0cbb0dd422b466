import { Columns3 } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button';

/** The column menu's trigger: the stand-in before the menu loads and Radix's trigger after (decision 1175). */
export function ColumnsButton(props: ButtonProps) {
  return (
    <Button variant="secondary" size="sm" {...props}>
      <Columns3 aria-hidden className="size-3.5" /> Columns
    </Button>
  );
}
