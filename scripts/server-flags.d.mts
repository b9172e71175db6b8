/** The node flags of the server (scripts/server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** The allocator settings of the server's environment (scripts/server-flags.mjs). */
export declare const SERVER_ENV: Readonly<Record<string, string>>;
/** SERVER_ENV as `NAME=${NAME:-value} …` for a POSIX shell command line. */
export declare const SERVER_ENV_SHELL: string;
