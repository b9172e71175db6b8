import type { MessageBrand } from '../brand';

/** Selectors and the dark declarations they take. */
function darkRules(brand: MessageBrand): [string[], string][] {
  const onDark = brand.colours.brandOnDark;
  return [
    // Body copies its style onto a cell of its own table: both turn dark.
    [['.page', '.page > table > tbody > tr > td'], 'background-color: #111316 !important;'],
    [['.card'], 'background-color: #1c1f24 !important; border-color: #2c3037 !important;'],
    [['.ink'], 'color: #eceef1 !important;'],
    [['.muted'], 'color: #b4b9c1 !important;'],
    [['.panel'], `background-color: #262a31 !important; border-color: ${onDark} !important;`],
    [
      ['.code'],
      `background-color: #262a31 !important; color: #ffffff !important; border-color: ${onDark} !important;`,
    ],
    [['.brand-text'], `color: ${onDark} !important;`],
  ];
}

/**
 * Dark-mode colours for the clients that honour prefers-color-scheme (Apple Mail, iOS, Outlook
 * for Mac) and Outlook.com's [data-ogsc] hooks. Other clients invert the light colours
 * themselves, which the light palette (dark text on white, no text baked into images) survives.
 */
export function darkModeCss(brand: MessageBrand): string {
  const rules = darkRules(brand);
  const media = rules.map(([selectors, body]) => `  ${selectors.join(', ')} { ${body} }`).join('\n');
  const outlook = rules
    .map(([selectors, body]) => `${selectors.map((s) => `[data-ogsc] ${s}`).join(', ')} { ${body} }`)
    .join('\n');
  return `:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
${media}
}
${outlook}`;
}
