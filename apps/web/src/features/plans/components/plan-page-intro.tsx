import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useHeadingFocus } from './use-heading-focus.ts';

/** The top of a plan page: the way back to the list, the heading (focused on arrival), what the page is for. */
export function PlanPageIntro({
  title,
  focusKey,
  children,
}: {
  title: string;
  focusKey: string;
  children?: ReactNode;
}) {
  const heading = useHeadingFocus<HTMLHeadingElement>(focusKey);
  return (
    <div>
      <Button asChild variant="link" size="sm">
        <Link to="/plans">
          <ArrowLeft aria-hidden="true" />
          Change plans
        </Link>
      </Button>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-2 text-2xl font-semibold tracking-tight break-words focus:outline-none"
      >
        {title}
      </h1>
      {children}
    </div>
  );
}
