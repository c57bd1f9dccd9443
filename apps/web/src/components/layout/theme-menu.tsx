import { Moon, Sun } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { menuOnDemand } from '../ui/menu-on-demand.tsx';
import { useTheme } from './use-theme.ts';

const ThemeMenuOnDemand = menuOnDemand(() => import('./theme-menu-panel.tsx'));

/** Light, dark or follow the system; the choice is remembered on this browser. */
export function ThemeMenu() {
  const [theme, setTheme] = useTheme();
  return (
    <ThemeMenuOnDemand
      theme={theme}
      onChange={setTheme}
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Theme: ${theme}. Change theme`}>
          <Sun className="dark:hidden" aria-hidden="true" />
          <Moon className="hidden dark:block" aria-hidden="true" />
        </Button>
      }
    />
  );
}
