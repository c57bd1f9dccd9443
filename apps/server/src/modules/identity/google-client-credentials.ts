/** The OAuth client the local Google emulator accepts when no real Google client is configured. */
export const LOCAL_GOOGLE_CLIENT = { id: 'fleetdeck-local', secret: 'fleetdeck-local-secret' } as const;
