/** Google's enum values in words live in the shared package, so the server's timeline reads the same. */
export { humanizeGoogleValue } from '@fleetdeck/shared/google-values';
