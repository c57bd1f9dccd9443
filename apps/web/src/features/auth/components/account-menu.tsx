import { Link, useLocation } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The account slot of the top bar. Until sign-in exists nobody is signed in, so it offers
 * the way in (and stays out of the way on the sign-in page itself).
 */
export function AccountMenu() {
  const { pathname } = useLocation();
  if (pathname === '/login') return null;
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to="/login">
        <LogIn aria-hidden="true" />
        Sign in
      </Link>
    </Button>
  );
}
