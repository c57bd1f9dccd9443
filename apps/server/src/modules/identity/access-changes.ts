/**
 * Told when a member's access changed: removed, another role or units, signed out. Identity does
 * not know who listens; the realtime hub does (its sockets of that member ask again whether they
 * may still listen, instead of waiting for their next heartbeat).
 */
export type AccessChangedListener = (orgId: string, userId: string) => void;

export const ignoreAccessChanges: AccessChangedListener = () => undefined;
