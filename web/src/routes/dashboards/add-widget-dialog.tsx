import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/input';
import { describeError } from '../../components/ui/states';
import { nextSlot } from './layout';
import { useAddWidget, type Widget, type WidgetType } from './queries';
import { WIDGET_TYPES } from './widgets';

const SIZES = { small: { w: 4, h: 3 }, medium: { w: 6, h: 3 }, wide: { w: 12, h: 3 } } as const;

type Size = keyof typeof SIZES;

function TypeField({ type, onChange }: { type: WidgetType; onChange: (type: WidgetType) => void }) {
  return (
    <Field label="Type">
      {(id) => (
        <Select id={id} value={type} onChange={(e) => onChange(e.target.value as WidgetType)}>
          {WIDGET_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** Sizes as parts of the 12-column grid's width. */
function SizeField({ size, onChange }: { size: Size; onChange: (size: Size) => void }) {
  return (
    <Field label="Size">
      {(id) => (
        <Select id={id} value={size} onChange={(e) => onChange(e.target.value as Size)}>
          <option value="small">Small (a third of the width)</option>
          <option value="medium">Medium (half)</option>
          <option value="wide">Wide (the whole width)</option>
        </Select>
      )}
    </Field>
  );
}

export function AddWidgetDialog({ dashboardId, widgets }: { dashboardId: string; widgets: Widget[] }) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<WidgetType>('metric_graph');
  const [title, setTitle] = useState('');
  const [size, setSize] = useState<Size>('medium');
  const [metric, setMetric] = useState('');
  const add = useAddWidget(dashboardId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { w, h } = SIZES[size];
    const config = type === 'metric_graph' && metric.trim() ? { metric: metric.trim() } : undefined;
    add.mutate(
      { type, title: title.trim(), gridW: w, gridH: h, ...nextSlot(widgets, w), config },
      {
        onSuccess: () => {
          setOpen(false);
          setTitle('');
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden className="size-4" /> Add widget
        </Button>
      </DialogTrigger>
      <DialogContent title="Add a widget">
        <form onSubmit={submit} className="grid gap-3">
          <TypeField type={type} onChange={setType} />
          <Field label="Title">
            {(id) => (
              <Input id={id} required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
            )}
          </Field>
          {type === 'metric_graph' && (
            <Field label="Metric" hint="Optional: the metric's name.">
              {(id, note) => (
                <Input
                  id={id}
                  aria-describedby={note}
                  maxLength={200}
                  value={metric}
                  onChange={(e) => setMetric(e.target.value)}
                />
              )}
            </Field>
          )}
          <SizeField size={size} onChange={setSize} />
          {add.isError && (
            <p role="alert" className="text-[13px] text-destructive">
              {describeError(add.error).message}
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending || !title.trim()}>
              Add
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
