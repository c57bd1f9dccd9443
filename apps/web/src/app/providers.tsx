import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { StepUpDialog } from '../components/step-up-dialog.tsx';
import { installStepUp } from '../lib/auth/step-up.ts';
import { createQueryClient } from '../lib/query-client.ts';

installStepUp();

/** App-wide context: the server-state cache, and the one dialog that asks for a step-up. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <StepUpDialog />
    </QueryClientProvider>
  );
}
