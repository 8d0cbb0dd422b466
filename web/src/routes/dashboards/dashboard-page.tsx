import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import { useAddWidget, useDashboard, useDeleteDashboard, useDeleteWidget, useSaveLayout, type Widget, type WidgetType } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { describeError, EmptyState } from '../../components/ui/states';
import { useIsAdmin } from '../../lib/use-session';
import { EditDashboardDialog, EditWidgetDialog } from './edit-dialogs';
import { flowLayout, moveItem, nextSlot, readingOrder } from './layout';
import { WIDGET_TYPES, WidgetContent } from './widgets';
import { TextLink } from '../../components/ui/text-link';

const route = getRouteApi('/app/dashboards/$dashboardId');

export function DashboardPage() {
  const { dashboardId } = route.useParams();
  const dashboard = useDashboard(dashboardId);
  const isAdmin = useIsAdmin();
  const remove = useDeleteDashboard();
  const navigate = useNavigate();
  return (
    <QueryState
      query={dashboard}
      label="the dashboard"
      notFound={{
        title: 'No dashboard with this id',
        action: <TextLink to="/dashboards">Back to dashboards</TextLink>,
      }}
    >
      {(d) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <Link to="/dashboards" className="flex w-fit items-center gap-1 text-[13px] text-muted-foreground hover:underline">
            <ArrowLeft aria-hidden className="size-3.5" /> Dashboards
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-xl font-semibold tracking-tight break-words">{d.name}</h1>
            <Badge>{d.visibility}</Badge>
            {isAdmin && (
              <div className="ml-auto flex gap-2">
                <AddWidgetDialog dashboardId={d.id} widgets={d.widgets} />
                <EditDashboardDialog dashboard={d} />
                <ConfirmButton
                  size="md"
                  title={`Delete the dashboard “${d.name}”?`}
                  description="The dashboard and its widgets are deleted for everyone."
                  confirmLabel="Delete dashboard"
                  onConfirm={async () => {
                    await remove.mutateAsync(d.id);
                    void navigate({ to: '/dashboards' });
                  }}
                >
                  <Trash2 aria-hidden className="size-4" /> Delete
                </ConfirmButton>
              </div>
            )}
          </div>
          {d.description && <p className="text-[13px] text-muted-foreground">{d.description}</p>}
          {!isAdmin && <p className="text-[13px] text-muted-foreground">Admins add and arrange widgets.</p>}
          {d.widgets.length === 0 ? (
            <EmptyState title="No widgets yet">{isAdmin ? 'Add a widget: a chart, a count or a feed.' : 'An admin adds widgets to dashboards.'}</EmptyState>
          ) : (
            <WidgetGrid dashboardId={d.id} widgets={d.widgets} canArrange={isAdmin} />
          )}
        </div>
      )}
    </QueryState>
  );
}

function WidgetGrid({ dashboardId, widgets, canArrange }: { dashboardId: string; widgets: Widget[]; canArrange: boolean }) {
  const ordered = useMemo(() => readingOrder(widgets), [widgets]);
  const save = useSaveLayout(dashboardId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: unknown) => ordered.find((w) => w.id === id)?.title ?? 'widget';
  const positionOf = (id: unknown) => ordered.findIndex((w) => w.id === id) + 1;
  // What a screen reader hears while moving a widget (decision 746).
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${ordered.length}.`,
    // Over itself (at pick-up): say nothing, so the pick-up message is the one read.
    onDragOver: ({ active, over }) =>
      over
        ? over.id === active.id
          ? undefined
          : `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${ordered.length}.`
        : `${titleOf(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${ordered.length}.` : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled; it is back at position ${positionOf(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ordered.findIndex((w) => w.id === active.id);
    const to = ordered.findIndex((w) => w.id === over.id);
    save.mutate(flowLayout(moveItem(ordered, from, to)));
  };
  return (
    <>
      {save.isError && (
        <p role="alert" className="text-[13px] text-destructive">
          The new arrangement was not saved: {describeError(save.error).message}
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a widget, press space or enter on its handle, use the arrow keys to choose a new position, then space or enter to drop it, or escape to cancel.',
          },
        }}
      >
        <SortableContext items={ordered.map((w) => w.id)} strategy={rectSortingStrategy} disabled={!canArrange}>
          <ul aria-label="Widgets" className="grid grid-cols-1 gap-3 md:grid-cols-12">
            {ordered.map((w) => (
              <WidgetCard key={w.id} dashboardId={dashboardId} widget={w} canArrange={canArrange} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </>
  );
}

function WidgetCard({ dashboardId, widget, canArrange }: { dashboardId: string; widget: Widget; canArrange: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: widget.id, disabled: !canArrange });
  const remove = useDeleteWidget(dashboardId);
  const style = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    '--span': Math.min(Math.max(widget.gridW, 1), 12),
    minHeight: `${Math.max(widget.gridH, 2) * 4}rem`,
  } as CSSProperties;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`grid min-w-0 grid-rows-[auto_1fr] gap-2 rounded-lg border bg-card p-3 md:col-span-(--span) ${isDragging ? 'z-10 shadow-lg' : ''}`}
    >
      <div className="flex items-center gap-1.5">
        {canArrange && (
          <button
            ref={setActivatorNodeRef}
            type="button"
            aria-label={`Move ${widget.title}`}
            className="cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-muted"
            {...attributes}
            {...listeners}
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
        )}
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{widget.title}</h2>
        {canArrange && <EditWidgetDialog dashboardId={dashboardId} widget={widget} />}
        {canArrange && (
          <Button variant="ghost" size="sm" aria-label={`Remove ${widget.title}`} disabled={remove.isPending} onClick={() => remove.mutate(widget.id)}>
            <Trash2 aria-hidden className="size-3.5" />
          </Button>
        )}
      </div>
      <div className="min-w-0">
        <WidgetContent dashboardId={dashboardId} widget={widget} />
      </div>
    </li>
  );
}

const SIZES = { small: { w: 4, h: 3 }, medium: { w: 6, h: 3 }, wide: { w: 12, h: 3 } } as const;

function AddWidgetDialog({ dashboardId, widgets }: { dashboardId: string; widgets: Widget[] }) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<WidgetType>('metric_graph');
  const [title, setTitle] = useState('');
  const [size, setSize] = useState<keyof typeof SIZES>('medium');
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
          <Field label="Type">
            {(id) => (
              <Select id={id} value={type} onChange={(e) => setType(e.target.value as WidgetType)}>
                {WIDGET_TYPES.map((t) => (
                  <option key={t.type} value={t.type}>
                    {t.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Title">{(id) => <Input id={id} required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />}</Field>
          {type === 'metric_graph' && (
            <Field label="Metric" hint="Optional: the metric's name.">
              {(id, note) => <Input id={id} aria-describedby={note} maxLength={200} value={metric} onChange={(e) => setMetric(e.target.value)} />}
            </Field>
          )}
          <Field label="Size">
            {(id) => (
              <Select id={id} value={size} onChange={(e) => setSize(e.target.value as keyof typeof SIZES)}>
                <option value="small">Small (a third of the width)</option>
                <option value="medium">Medium (half)</option>
                <option value="wide">Wide (the whole width)</option>
              </Select>
            )}
          </Field>
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
