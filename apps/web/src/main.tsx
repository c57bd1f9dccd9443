import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadRouteRules, readBuildId } from './lib/build-manifest.ts';

// Route rules of this build; navigations use the bundled copy until this answers.
void loadRouteRules(readBuildId());

const container = document.getElementById('root');
if (!container) throw new Error('Fleetdeck: index.html is missing <div id="root">.');

createRoot(container, {
  // Every error boundary in Fleetdeck is a route boundary, and RouterProvider's onError
  // reports those errors once (see app/error-reporting.ts); React's default would log each twice.
  onCaughtError: () => undefined,
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
