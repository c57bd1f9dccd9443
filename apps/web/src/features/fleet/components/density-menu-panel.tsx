import type { MenuPanelProps } from '../../../components/ui/menu-on-demand.tsx';
import { RadioMenuPanel } from '../../../components/ui/radio-menu-panel.tsx';
import { DENSITIES, type Density } from '../fleet-url-state.ts';
import { DENSITY_LABELS } from './density-labels.ts';

const OPTIONS = DENSITIES.map((value) => ({ value, label: DENSITY_LABELS[value] }));

/** The density menu itself, loaded on demand (density-menu.tsx draws its button). */
export default function DensityMenuPanel({
  density,
  onChange,
  ...menu
}: MenuPanelProps & { density: Density; onChange: (density: Density) => void }) {
  return (
    <RadioMenuPanel {...menu} label="Row density" options={OPTIONS} value={density} onChange={onChange} />
  );
}
