import type { MessageBrand } from '../brand';

/**
 * Dark-mode colours for the clients that honour prefers-color-scheme (Apple Mail, iOS, Outlook
 * for Mac) and Outlook.com's [data-ogsc] hooks. Other clients invert the light colours
 * themselves, which the light palette (dark text on white, no text baked into images) survives.
 */
export function darkModeCss(brand: MessageBrand): string {
  const rules = `
    .page { background-color: #111316 !important; }
    .card { background-color: #1c1f24 !important; border-color: #2c3037 !important; }
    .ink { color: #eceef1 !important; }
    .muted { color: #b4b9c1 !important; }
    .panel { background-color: #262a31 !important; border-color: ${brand.colours.brandOnDark} !important; }
    .code { background-color: #262a31 !important; color: #ffffff !important; border-color: ${brand.colours.brandOnDark} !important; }
    .brand-text { color: ${brand.colours.brandOnDark} !important; }
  `;
  return `:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {${rules}}
${rules
  .trim()
  .split('\n')
  .map((rule) => `[data-ogsc] ${rule.trim()}`)
  .join('\n')}`;
}
