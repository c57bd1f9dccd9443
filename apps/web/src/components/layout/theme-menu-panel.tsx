import { Monitor, Moon, Sun } from 'lucide-react';
import type { MenuPanelProps } from '../ui/menu-on-demand.tsx';
import { RadioMenuPanel } from '../ui/radio-menu-panel.tsx';
import type { ThemePreference } from '../../lib/theme.ts';

const OPTIONS = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const satisfies readonly { value: ThemePreference; label: string; icon: typeof Sun }[];

/** The theme menu itself, loaded on demand (theme-menu.tsx draws its button). */
export default function ThemeMenuPanel({
  theme,
  onChange,
  ...menu
}: MenuPanelProps & { theme: ThemePreference; onChange: (theme: ThemePreference) => void }) {
  return <RadioMenuPanel {...menu} label="Theme" options={OPTIONS} value={theme} onChange={onChange} />;
}
