import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import { router } from './router.tsx';
import { handleRouterError } from './error-reporting.ts';

/** The whole app: providers around the data router. */
export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} onError={handleRouterError} />
    </AppProviders>
  );
}
