import { Rows3 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { menuOnDemand } from '../../../components/ui/menu-on-demand.tsx';
import type { Density } from '../fleet-url-state.ts';
import { DENSITY_LABELS } from './density-labels.ts';

const DensityMenuOnDemand = menuOnDemand(() => import('./density-menu-panel.tsx'));

/** Row height: compact for scanning many devices, comfortable for reading. */
export function DensityMenu({
  density,
  onChange,
}: {
  density: Density;
  onChange: (density: Density) => void;
}) {
  return (
    <DensityMenuOnDemand
      density={density}
      onChange={onChange}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Row density: ${DENSITY_LABELS[density]}`}>
          <Rows3 aria-hidden="true" />
          <span className="hidden lg:inline">{DENSITY_LABELS[density]}</span>
        </Button>
      }
    />
  );
}
