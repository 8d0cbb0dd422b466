import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { GripVertical, Trash2 } from 'lucide-react';
import { useMemo, type CSSProperties } from 'react';
import { Button } from '../../components/ui/button';
import { describeError } from '../../components/ui/states';
import { EditWidgetDialog } from './edit-dialogs';
import { flowLayout, moveItem, readingOrder } from './layout';
import { useDeleteWidget, useSaveLayout, type Widget } from './queries';
import { WidgetContent } from './widgets';

// The dashboard's widgets in reading order; admins move them by drag or keyboard, and the layout is saved.

export function WidgetGrid({
  dashboardId,
  widgets,
  canArrange,
}: {
  dashboardId: string;
  widgets: Widget[];
  canArrange: boolean;
}) {
  const ordered = useMemo(() => readingOrder(widgets), [widgets]);
  const save = useSaveLayout(dashboardId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useMemo(() => widgetAnnouncements(ordered), [ordered]);
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: widget.id,
    disabled: !canArrange,
  });
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
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${widget.title}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(widget.id)}
          >
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

/** What a screen reader hears while moving a widget (decision 746). */
function widgetAnnouncements(ordered: Widget[]): Announcements {
  const titleOf = (id: unknown) => ordered.find((w) => w.id === id)?.title ?? 'widget';
  const positionOf = (id: unknown) => ordered.findIndex((w) => w.id === id) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${ordered.length}.`,
    // Over itself (at pick-up): say nothing, so the pick-up message is the one read.
    onDragOver: ({ active, over }) =>
      over
        ? over.id === active.id
          ? undefined
          : `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${ordered.length}.`
        : `${titleOf(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${ordered.length}.`
        : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving ${titleOf(active.id)} was cancelled; it is back at position ${positionOf(active.id)}.`,
  };
}
