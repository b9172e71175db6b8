const PORT = Number(process.env.E2E_PORT ?? 3210);

/** The two editions of the running server (DESIGN §2: *.localhost resolves to loopback). */
export const GENERAL = `http://localhost:${PORT}`;
export const LUXEMBOURG = `http://lu.localhost:${PORT}`;

export const DEMO_PASSWORD = 'Demo-password-2026';

/** The e2e server's data directory (playwright.config.ts), for admin commands. */
export const E2E_DATA_DIR = `${(await import('node:os')).tmpdir()}/vestibule-e2e-${PORT}`;
