/** Injected so tests can move time (token expiry, session sliding, health cache). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
