import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConsoleTable } from './ConsoleTable';

const cellLabels = (html: string) =>
  [...html.matchAll(/<td( data-label="([^"]*)")?>/g)].map((match) => match[2]);

describe('ConsoleTable', () => {
  it("gives each cell of a labelled table its column's name, in order", () => {
    const html = renderToStaticMarkup(
      <ConsoleTable columns={['Name', { label: 'Rows', className: 'number' }, 'Status']} labelled>
        {['a', 'b'].map((row) => (
          <tr key={row}>
            <td>{row}</td>
            <td>1</td>
            <td>live</td>
          </tr>
        ))}
      </ConsoleTable>,
    );
    expect(cellLabels(html)).toEqual(['Name', 'Rows', 'Status', 'Name', 'Rows', 'Status']);
  });

  it('leaves the cells alone otherwise', () => {
    const html = renderToStaticMarkup(
      <ConsoleTable columns={['Name']}>
        <tr>
          <td>a</td>
        </tr>
      </ConsoleTable>,
    );
    expect(cellLabels(html)).toEqual([undefined]);
  });

  it('says it is loading, as a status, instead of the table while its rows load', () => {
    const html = renderToStaticMarkup(
      <ConsoleTable columns={['Name']} loading empty="None yet">
        {[]}
      </ConsoleTable>,
    );
    expect(html).toMatch(/^<p [^>]*role="status"[^>]*>[^<]+<\/p>$/);
    expect(html).not.toContain('None yet');
  });

  it('says so instead of the table when there are no rows, and draws the rows when there are', () => {
    const table = (rows: string[] | undefined) =>
      renderToStaticMarkup(
        <ConsoleTable columns={['Name']} empty="None yet">
          {rows?.map((row) => (
            <tr key={row}>
              <td>{row}</td>
            </tr>
          ))}
        </ConsoleTable>,
      );
    expect(table([])).toMatch(/^<p [^>]*>None yet<\/p>$/);
    expect(table(undefined)).toMatch(/^<p [^>]*>None yet<\/p>$/);
    expect(table(['a'])).toContain('<td>a</td>');
    expect(table(['a'])).not.toContain('None yet');
  });
});
