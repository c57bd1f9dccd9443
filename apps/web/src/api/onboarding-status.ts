/**
 * The organization's setup status is read by onboarding and by the shell's Google access banner:
 * one cache key, so the banner and the wizard share one answer.
 */
export const onboardingStatusKeys = { status: ['onboarding', 'status'] as const };
