import type { Deps } from '../deps.ts';

/**
 * What every module router is handed: the process's connections, configuration and clock, nothing
 * hidden. It is the services' `Deps`, so a router passes it (or a `Pick` of it) straight on.
 */
export type AppContext = Deps;
