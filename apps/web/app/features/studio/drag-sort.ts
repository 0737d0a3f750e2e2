import { useRef, useState, type DragEvent } from 'react';

/** Moves `id` to where `over` is now. */
export function moved(order: readonly string[], id: string, over: string): string[] {
  const from = order.indexOf(id);
  const to = order.indexOf(over);
  if (from < 0 || to < 0 || from === to) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * Reordering a list by native drag and drop (and by the up and down buttons): the new order shows while the
 * item is dragged and until `save` has stored it. Each list keeps its own drag, so a lesson dragged inside a
 * chapter never moves the chapters.
 */
export function useDragSort(ids: readonly string[], save: (order: string[]) => Promise<void>) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [order, setOrder] = useState<string[] | null>(null);
  const dropped = useRef(false);
  const shown = order && order.length === ids.length && order.every((id) => ids.includes(id)) ? order : [...ids];

  async function commit(next: string[]) {
    setDragging(null);
    if (next.join() === ids.join()) return setOrder(null);
    setOrder(next);
    try {
      await save(next);
    } finally {
      setOrder(null);
    }
  }

  return {
    order: shown,
    dragging,
    /** Props for the element that is picked up (a handle or the whole row). */
    handle: (id: string) => ({
      draggable: true,
      onDragStart(e: DragEvent) {
        e.stopPropagation();
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', id);
        setDragging(id);
        setOrder([...ids]);
      },
      onDragEnd() {
        // dropped outside the list: put it back
        if (!dropped.current) {
          setDragging(null);
          setOrder(null);
        }
        dropped.current = false;
      },
    }),
    /** Props for each place an item can be dropped on. */
    target: (id: string) => ({
      onDragOver(e: DragEvent) {
        if (!dragging) return;
        e.preventDefault();
        e.stopPropagation();
        if (dragging !== id) setOrder((o) => moved(o ?? [...ids], dragging, id));
      },
      onDrop(e: DragEvent) {
        if (!dragging) return;
        e.preventDefault();
        e.stopPropagation();
        dropped.current = true;
        void commit(order ?? [...ids]);
      },
    }),
    /** One step up (-1) or down (1), for the buttons and the keyboard. */
    step: (id: string, by: -1 | 1) => {
      const i = ids.indexOf(id);
      const j = i + by;
      if (i < 0 || j < 0 || j >= ids.length) return;
      void commit(moved(ids, id, ids[j]!));
    },
  };
}
