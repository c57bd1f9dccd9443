import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import type { MenuPanelProps } from '../../../components/ui/menu-on-demand.tsx';
import { DENSITIES, type Density } from '../fleet-url-state.ts';
import { DENSITY_LABELS } from './density-labels.ts';

/** The density menu itself, loaded on demand (density-menu.tsx draws its button). */
export default function DensityMenuPanel({
  trigger,
  defaultOpen,
  density,
  onChange,
}: MenuPanelProps & { density: Density; onChange: (density: Density) => void }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Row density</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={density} onValueChange={(value) => onChange(value as Density)}>
          {DENSITIES.map((value) => (
            <DropdownMenuRadioItem key={value} value={value}>
              {DENSITY_LABELS[value]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
