import {
  cloneElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { withChunkReload } from '../../lib/chunk-reload.ts';

/** What the loaded menu receives besides its own props: the button to open it with. */
export interface MenuPanelProps {
  readonly trigger: ReactElement;
  /** Open at once: the button was pressed before the menu's code had arrived. */
  readonly defaultOpen: boolean;
}

interface TriggerProps {
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * Why: a menu's code (Radix's menu with its positioning engine, some 15 KB gzip) is not in a page's
 * first load; the top bar's menus and the fleet's density menu are on every page. The button is
 * drawn at once and looks and reads the same; the menu's code loads when the browser is idle, or
 * when the button is pointed at, focused or pressed (a press before it arrives opens the menu as
 * soon as it does). Focus stays on the button when the loaded menu takes its place.
 */
export function menuOnDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<P & MenuPanelProps> }>,
): ComponentType<P & { trigger: ReactElement<TriggerProps> }> {
  let loaded: ComponentType<P & MenuPanelProps> | undefined;
  let pending: Promise<unknown> | undefined;
  const fetchMenu = () =>
    (pending ??= withChunkReload(load)().then((module) => {
      loaded = module.default;
    }));

  return function MenuOnDemand({ trigger, ...props }: P & { trigger: ReactElement<TriggerProps> }) {
    const [ready, setReady] = useState(loaded !== undefined);
    const [openOnLoad, setOpenOnLoad] = useState(false);
    const slot = useRef<HTMLSpanElement>(null);
    const mounted = useRef(true);
    const hadFocus = useRef(false);

    const bring = () => {
      void fetchMenu().then(() => {
        if (!mounted.current) return;
        hadFocus.current = slot.current?.contains(document.activeElement) ?? false;
        setReady(true);
      });
    };

    useEffect(() => {
      mounted.current = true;
      if (ready) return;
      const idle = typeof window.requestIdleCallback === 'function';
      const handle = idle
        ? window.requestIdleCallback(bring, { timeout: 3_000 })
        : window.setTimeout(bring, 1_500);
      return () => {
        mounted.current = false;
        if (idle) window.cancelIdleCallback(handle);
        else window.clearTimeout(handle);
      };
    }, [ready]);

    // The loaded menu's button is a new element: give it the focus the drawn one had (an opening
    // menu takes the focus itself).
    useLayoutEffect(() => {
      if (!ready || !hadFocus.current || openOnLoad) return;
      hadFocus.current = false;
      slot.current?.querySelector<HTMLElement>('button, a')?.focus();
    }, [ready, openOnLoad]);

    const Menu = ready ? loaded : undefined;
    if (Menu) {
      return (
        <span ref={slot} className="contents">
          <Menu {...(props as P)} trigger={trigger} defaultOpen={openOnLoad} />
        </span>
      );
    }
    const open = () => {
      setOpenOnLoad(true);
      bring();
    };
    return (
      <span ref={slot} className="contents">
        {cloneElement(trigger, {
          'aria-haspopup': 'menu',
          'aria-expanded': false,
          onPointerEnter: bring,
          onFocus: bring,
          onPointerDown: (event: PointerEvent<HTMLElement>) => {
            if (event.button === 0 && !event.ctrlKey) open();
          },
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
            if (!OPEN_KEYS.has(event.key)) return;
            event.preventDefault();
            open();
          },
        })}
      </span>
    );
  };
}
