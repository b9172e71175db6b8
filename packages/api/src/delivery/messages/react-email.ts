// React Email's render() and toPlainText() as @react-email/render 2.0 does them in Node, without
// that package: its module imports prettier (standalone and its HTML plugin) at load for a
// `pretty` option Vestibule never uses, ~1 MB of heap and ~3 MB of RSS in every server from its
// first e-mail on (decision 0061). Same output, byte for byte: every template in every language
// of both editions was compared against the package's when this replaced it. Loaded with the
// first e-mail (render.ts), not at start.
import { convert, type HtmlToTextOptions } from 'html-to-text';
import { createElement, type ReactElement, Suspense } from 'react';
import { renderToReadableStream } from 'react-dom/server';

const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** The e-mail's HTML document: the element rendered whole (Suspense resolved), XHTML doctype. */
export async function render(element: ReactElement): Promise<string> {
  let failure: unknown;
  const stream = await renderToReadableStream(createElement(Suspense, null, element), {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error;
    },
  });
  await stream.allReady;
  if (failure !== undefined) throw failure;
  let html = '';
  const decoder = new TextDecoder('utf-8');
  await stream.pipeTo(
    new WritableStream({
      write(chunk) {
        html += decoder.decode(chunk, { stream: true });
      },
      close() {
        html += decoder.decode();
      },
    }),
  );
  return `${XHTML_DOCTYPE}${html.replace(/<!DOCTYPE.*?>/, '')}`;
}

/** React Email's selectors: images and `data-skip-in-text` out, links as their label. */
const PLAIN_TEXT_SELECTORS: NonNullable<HtmlToTextOptions['selectors']> = [
  { selector: 'img', format: 'skip' },
  { selector: '[data-skip-in-text=true]', format: 'skip' },
  { selector: 'a', options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
];

/** The text part of an HTML e-mail (html-to-text, no wrapping), the caller's selectors last. */
export function toPlainText(html: string, options?: HtmlToTextOptions): string {
  return convert(html, {
    wordwrap: false,
    ...options,
    selectors: [...PLAIN_TEXT_SELECTORS, ...(options?.selectors ?? [])],
  });
}
