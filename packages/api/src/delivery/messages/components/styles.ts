import type { CSSProperties } from 'react';

// Inline styles of the e-mails: e-mail clients drop <link> and often <style>, so every rule that
// matters is on its element; only the dark-mode overrides live in a <style> (dark-mode.ts).

export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export const MONO = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace";

export const INK = '#1b1b1f';
export const MUTED = '#4a4a55';
export const PAGE = '#f4f5f7';
export const CARD = '#ffffff';
export const RULE = '#e2e4e8';

/** The message's width: 600 px is what every client shows without scrolling sideways. */
export const WIDTH = 600;

export const text: CSSProperties = {
  fontFamily: FONT,
  fontSize: '16px',
  lineHeight: '24px',
  color: INK,
  margin: '0 0 16px',
};
export const small: CSSProperties = {
  fontFamily: FONT,
  fontSize: '13px',
  lineHeight: '20px',
  color: MUTED,
  margin: '0 0 8px',
};
