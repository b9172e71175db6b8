import type { DataExport } from '@vestibule/contract/schemas/privacy';

// The readable copy of "Download my data": one self-contained HTML page (no script, no remote
// resource), every value escaped, one table per part of the JSON document.

export interface PageTexts {
  title: string;
  /** "Prepared on …", already formatted. */
  generated: string;
  none: string;
  yes: string;
  no: string;
  sections: Record<Exclude<keyof DataExport, 'format' | 'generated_at' | 'edition'>, string>;
  /** The JSON's field names in the reader's language; a name without one is shown readable. */
  columns: Readonly<Record<string, string>>;
  language: string;
  /** Formats an ISO date for the reader. */
  date: (iso: string) => string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The field's name in the reader's language, else the JSON's own (`verified_at` → `Verified at`). */
function columnLabel(key: string, texts: PageTexts): string {
  const translated = texts.columns[key];
  if (translated) return translated;
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function cell(value: unknown, texts: PageTexts): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (Array.isArray(value)) return escapeHtml(value.join(', '));
  const text = String(value);
  return escapeHtml(ISO_DATE.test(text) ? texts.date(text) : text);
}

function table(rows: readonly Record<string, unknown>[], texts: PageTexts): string {
  if (rows.length === 0) return `<p>${escapeHtml(texts.none)}</p>`;
  const keys = Object.keys(rows[0] as object);
  const head = keys.map((key) => `<th scope="col">${escapeHtml(columnLabel(key, texts))}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${keys.map((key) => `<td>${cell(row[key], texts)}</td>`).join('')}</tr>`)
    .join('');
  return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function profileList(profile: DataExport['profile'], texts: PageTexts): string {
  const items = Object.entries(profile)
    .map(([key, value]) => `<dt>${escapeHtml(columnLabel(key, texts))}</dt><dd>${cell(value, texts)}</dd>`)
    .join('');
  return `<dl>${items}</dl>`;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;line-height:1.5;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#16211f}' +
  'table{border-collapse:collapse;width:100%}th,td{border:1px solid #d3dcdb;padding:.4rem;text-align:left;vertical-align:top}' +
  '.scroll{overflow-x:auto}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}';

/** The whole page, in the reader's language. */
export function dataExportHtml(document: DataExport, texts: PageTexts): string {
  const { format: _format, generated_at: _generated, edition: _edition, profile, ...lists } = document;
  const sections = [
    `<section><h2>${escapeHtml(texts.sections.profile)}</h2>${profileList(profile, texts)}</section>`,
    ...Object.entries(lists).map(
      ([key, rows]) =>
        `<section><h2>${escapeHtml(texts.sections[key as keyof typeof lists])}</h2>${table(rows as Record<string, unknown>[], texts)}</section>`,
    ),
  ];
  return `<!doctype html><html lang="${escapeHtml(texts.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(texts.title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.generated)}</p>${sections.join('')}</main></body></html>`;
}
