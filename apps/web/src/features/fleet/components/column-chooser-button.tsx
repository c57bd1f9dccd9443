import { Suspense, useState, type ComponentProps } from 'react';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { ColumnsButton } from './columns-button.tsx';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import type { ColumnChooser as ColumnChooserModule } from './column-chooser.tsx';

const ColumnChooser = lazyComponent<ComponentProps<typeof ColumnChooserModule>>(() =>
  import('./column-chooser.tsx').then((module) => ({ default: module.ColumnChooser })),
);

/**
 * Why: the column chooser (and its popover) is loaded on the first click only; until then the
 * toolbar shows the same button, and that click opens the chooser once it has arrived.
 */
export function ColumnChooserButton({
  columns,
  onChange,
}: {
  columns: readonly FleetColumnId[];
  onChange: (columns: FleetColumnId[]) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <ColumnsButton count={columns.length} aria-haspopup="dialog" onClick={() => setWanted(true)} />
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ColumnChooser columns={columns} onChange={onChange} defaultOpen />
    </Suspense>
  );
}
