import { Rows3 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { DENSITIES, type Density } from '../fleet-url-state.ts';

const LABELS: Record<Density, string> = {
  compact: 'Compact',
  standard: 'Standard',
  comfortable: 'Comfortable',
};

/** Row height: compact for scanning many devices, comfortable for reading. */
export function DensityMenu({
  density,
  onChange,
}: {
  density: Density;
  onChange: (density: Density) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Row density: ${LABELS[density]}`}>
          <Rows3 aria-hidden="true" />
          <span className="hidden lg:inline">{LABELS[density]}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Row density</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={density} onValueChange={(value) => onChange(value as Density)}>
          {DENSITIES.map((value) => (
            <DropdownMenuRadioItem key={value} value={value}>
              {LABELS[value]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
