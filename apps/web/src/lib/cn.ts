import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Why: lets components accept a `className` that overrides their defaults instead of fighting them. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
