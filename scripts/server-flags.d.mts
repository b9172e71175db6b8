/** The node flags of the server (scripts/server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
