import { existsSync, readFileSync } from 'node:fs';
import { SERVER_LOG } from '../../playwright.config';
import { DEMO_PASSWORD } from './urls';

/**
 * After the whole end-to-end run: the server's log holds no password, one-time code, token or
 * secret (DESIGN §8). Every spec's traffic went through this one server, so this covers them all.
 */
const FORBIDDEN: [string, RegExp][] = [
  ['the demo password', new RegExp(DEMO_PASSWORD)],
  ['a bearer token or authorization header', /bearer |"authorization"/i],
  ['an access or refresh token', /access_token|refresh_token|"token":"[^"[]/i],
  ['a cookie header', /"cookie"|"set-cookie"/i],
  ['an 8-digit one-time code', /(?<![\d.])\d{8}(?![\d.])/],
  ['a recovery key', /DEMO[0-9A]-[A-Z]{5}/],
  ['the demo TOTP secret', /VESTIBULEDEMOTOTPSECRETKEY234567/],
];

export default function checkServerLog() {
  if (!existsSync(SERVER_LOG)) throw new Error(`The server log ${SERVER_LOG} is missing`);
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n');
  const findings: string[] = [];
  lines.forEach((line, index) => {
    // JSON log lines only: the start-up banner for people lists the published demo logins.
    if (!line.startsWith('{')) return;
    // Timestamps, pids and request ids (UUIDs) hold long digit runs too: look at the line without them.
    const text = line.replace(/"time":"?[\dT:.Z-]+"?|"pid":\d+|"requestId":"[\w.:-]+"/g, '');
    for (const [what, pattern] of FORBIDDEN) {
      if (pattern.test(text)) findings.push(`line ${index + 1}: ${what}: ${line.slice(0, 200)}`);
    }
  });
  if (findings.length) throw new Error(`Secrets in the server log:\n${findings.slice(0, 20).join('\n')}`);
}
