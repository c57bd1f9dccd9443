import type { LucideIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';
import type { MenuPanelProps } from './menu-on-demand.tsx';

/** A menu of one choice (theme, row density), loaded on demand behind its button (menu-on-demand.tsx). */
export function RadioMenuPanel<V extends string>({
  trigger,
  defaultOpen,
  label,
  options,
  value,
  onChange,
}: MenuPanelProps & {
  label: string;
  options: readonly { value: V; label: string; icon?: LucideIcon }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value} onValueChange={(next) => onChange(next as V)}>
          {options.map(({ value: option, label: text, icon: Icon }) => (
            <DropdownMenuRadioItem key={option} value={option}>
              {Icon ? <Icon aria-hidden="true" /> : null}
              {text}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
