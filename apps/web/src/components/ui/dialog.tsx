import { createContext, use, useState, type ComponentProps, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { openerOf, returnFocus, type Opener } from './focus-return.ts';

const OpenerContext = createContext<Opener | null>(null);

/**
 * The dialog's root. Why: it notes what had focus as it opened (read while rendering open, before
 * the dialog or an `autoFocus` field inside takes focus), so that closing it can return focus
 * there. Radix would only return it to a `DialogTrigger`, and most dialogs here have none.
 */
export function Dialog({ open, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  const [opener, setOpener] = useState(() => (open ? openerOf(document.activeElement) : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    // Closing keeps the opener: focus goes back to it once the content has gone.
    if (open) setOpener(openerOf(document.activeElement));
  }
  return (
    <OpenerContext value={opener}>
      <DialogPrimitive.Root open={open} {...props} />
    </OpenerContext>
  );
}

export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** `center` for confirmations, `left` for the mobile navigation sheet. */
  placement?: 'center' | 'left';
  /** Visible title; required for screen readers. */
  title: ReactNode;
  description?: ReactNode;
  hideTitle?: boolean;
  /** Where focus goes on close when what opened the dialog, and its menu's button, are gone. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/**
 * A modal surface: focus is trapped, Escape and the close button dismiss it. Closed, it gives focus
 * back to what opened it; an item of a menu is gone by then, so to that menu's button; failing
 * both, to `fallbackFocus`, then to the page's main content, rather than to the top of the page.
 */
export function DialogContent({
  className,
  children,
  placement = 'center',
  title,
  description,
  hideTitle = false,
  fallbackFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const opener = use(OpenerContext);
  const onClosed = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented || !opener) return;
    const candidates = [
      opener.element,
      opener.menuTrigger,
      fallbackFocus?.(),
      document.querySelector<HTMLElement>('main'),
    ];
    if (returnFocus(candidates, () => document.activeElement)) event.preventDefault();
  };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 flex flex-col gap-4 border border-border bg-surface-raised p-5 text-foreground shadow-overlay focus:outline-none',
          placement === 'center' &&
            'top-1/2 left-1/2 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg',
          placement === 'left' && 'inset-y-0 left-0 w-[min(20rem,85vw)] rounded-r-lg',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={onClosed}
        {...props}
      >
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <DialogPrimitive.Title className={cn('text-base font-semibold', hideTitle && 'sr-only')}>
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-sm text-muted-foreground">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            className="-m-1 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
