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
});
