/** Debian's Chromium, or CHROME_PATH (scripts/chromium.mjs). */
export declare const CHROMIUM_PATH: string;
/** The flags every headless Chromium of the repository runs with (scripts/chromium.mjs). */
export declare const CHROMIUM_FLAGS: string[];
