import { useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Logo } from '../brand/logo.tsx';
import { NavLinks } from './primary-nav.tsx';
import { PRIMARY_NAV, SETTINGS_NAV } from './nav-items.ts';

/** Below the `md` breakpoint the navigation collapses into a sheet behind a menu button. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation">
          <Menu aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent placement="left" title={<Logo />} description={undefined}>
        <nav aria-label="Primary" className="flex flex-col gap-4">
          <NavLinks items={PRIMARY_NAV} orientation="vertical" onNavigate={() => setOpen(false)} />
          <div className="border-t border-border pt-4">
            <NavLinks items={[SETTINGS_NAV]} orientation="vertical" onNavigate={() => setOpen(false)} />
          </div>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
