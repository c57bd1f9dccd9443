/** Fastify writes the client address it trusts (per TRUST_PROXY) here before better-auth reads it. */
export const CLIENT_IP_HEADER_NAME = 'x-fleetdeck-client-ip';
