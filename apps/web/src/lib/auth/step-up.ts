import type { StepUpRequiredDetails } from '@fleetdeck/shared/step-up';
import { type ApiRequestError, hasErrorId, installStepUpWrapper } from '../api-client.ts';

/**
 * Step-up in the browser: when the server answers `step_up_required`, the page asks the member for
 * a fresh code (the dialog registers itself as the handler) and sends the same request again once
 * it is given, so the action carries on where it was. Cancelled, the original error stands.
 */

type StepUpHandler = (details: StepUpRequiredDetails, message: string) => Promise<boolean>;

let handler: StepUpHandler | undefined;
let pending: Promise<boolean> | undefined;

/** Why: one dialog, mounted once, answers every request that needs a step-up; answers how to unregister. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = undefined;
  };
}

function detailsOf(error: ApiRequestError): StepUpRequiredDetails {
  const details = (error.details ?? {}) as Partial<StepUpRequiredDetails>;
  return {
    reason: details.reason ?? 'member_change',
    methods: Array.isArray(details.methods) && details.methods.length > 0 ? details.methods : ['email_code'],
  };
}

/** Why: requests that need a step-up wait for the same one dialog instead of opening several. */
export async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!hasErrorId(error, 'step_up_required') || !handler) throw error;
    pending ??= handler(detailsOf(error), error.message).finally(() => {
      pending = undefined;
    });
    if (!(await pending)) throw error;
    return call();
  }
}

/** Why: installed once at start, so every product call goes through `withStepUp`. */
export function installStepUp(): void {
  installStepUpWrapper(withStepUp);
}
