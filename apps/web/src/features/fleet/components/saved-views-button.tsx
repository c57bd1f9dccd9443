import type { ComponentProps } from 'react';
import { menuOnDemand } from '../../../components/ui/menu-on-demand.tsx';
import type { MenuPanelProps } from '../../../components/ui/menu-on-demand.tsx';
import type SavedViewsMenuModule from './saved-views-menu.tsx';
import { ViewsButton } from './views-button.tsx';

type MenuProps = Omit<ComponentProps<typeof SavedViewsMenuModule>, keyof MenuPanelProps>;

const SavedViewsOnDemand = menuOnDemand(() => import('./saved-views-menu.tsx'));

/**
 * Why: the saved views menu (its items, save, update, share and delete) is read only when the
 * admin reaches for it, so it stays out of the fleet page's first load (goal ≤ 200 KB gzip). The
 * button shows the open view at once; the menu's code arrives when the browser is idle or the
 * button is pointed at, focused or pressed (menu-on-demand.tsx).
 */
export function SavedViewsButton(props: MenuProps) {
  return (
    <SavedViewsOnDemand
      {...props}
      trigger={<ViewsButton activeView={props.activeView} current={props.current} />}
    />
  );
}
