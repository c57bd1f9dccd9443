import type { ComponentProps } from 'react';
import { Columns3 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** The "Columns" toolbar button with the number of columns shown. */
export function ColumnsButton({ count, ...props }: ComponentProps<typeof Button> & { count: number }) {
  return (
    <Button variant="secondary" size="sm" {...props}>
      <Columns3 aria-hidden="true" />
      Columns
      <span className="text-xs text-muted-foreground tabular-nums">{count}</span>
    </Button>
  );
}
