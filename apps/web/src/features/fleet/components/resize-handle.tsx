import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_WIDTH, MIN_WIDTH } from '../column-widths.ts';

/**
 * A column's right edge: drag to resize, or focus it and use the arrow keys (a separator with a
 * value, as the ARIA pattern for splitters has it).
 */
export function ResizeHandle({
  label,
  width,
  onResize,
}: {
  label: string;
  width: number;
  onResize: (width: number) => void;
}) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    onResize(start.current.width + event.clientX - start.current.x);
  };
  const onPointerUp = () => {
    start.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 40 : 10;
    if (event.key === 'ArrowLeft') onResize(width - step);
    else if (event.key === 'ArrowRight') onResize(width + step);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={width}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      className="absolute top-1.5 right-0 bottom-1.5 z-10 w-2 cursor-col-resize touch-none border-r border-border/80 hover:border-accent focus-visible:border-accent focus-visible:outline-none"
    />
  );
}
