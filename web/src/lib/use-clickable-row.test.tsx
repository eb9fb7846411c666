import { fireEvent, render, screen } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useClickableRow, useRowClick } from '@/lib/use-clickable-row';

function Row() {
  const row = useClickableRow('/admin/committee/FIN');
  return (
    <table>
      <tbody>
        <tr {...row}>
          <td>Finance</td>
          <td>
            <button type="button">Inner action</button>
            {/* A dialog opened from the row lives elsewhere in the page, as Radix renders it. */}
            {createPortal(<p>Dialog text rendered in a portal</p>, document.body)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function renderRow() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Row /> },
      { path: '/admin/committee/:code', element: <p>Committee page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useClickableRow', () => {
  it('makes the row a button that navigates on click', () => {
    const router = renderRow();
    const row = screen.getByRole('button', { name: /Finance/ });
    expect(row.getAttribute('data-href')).toBe('/admin/committee/FIN');
    fireEvent.click(row);
    expect(router.state.location.pathname).toBe('/admin/committee/FIN');
  });

  it.each([{ ctrlKey: true }, { metaKey: true }])('opens a new tab with a modifier key (%o)', (modifier) => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const router = renderRow();
    fireEvent.click(screen.getByRole('button', { name: /Finance/ }), modifier);
    expect(open).toHaveBeenCalledWith('/admin/committee/FIN', '_blank', 'noopener,noreferrer');
    expect(router.state.location.pathname).toBe('/');
  });

  it('follows the link on Enter', () => {
    const router = renderRow();
    fireEvent.keyDown(screen.getByRole('button', { name: /Finance/ }), { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/admin/committee/FIN');
  });

  it('leaves clicks on controls inside the row alone', () => {
    const router = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Inner action' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves clicks inside a portal opened from the row alone (React bubbles them to the row)', () => {
    const router = renderRow();
    fireEvent.click(screen.getByText('Dialog text rendered in a portal'));
    expect(router.state.location.pathname).toBe('/');
  });
});

function RowWithLink() {
  const row = useRowClick('/admin/committee/FIN');
  return (
    <div {...row}>
      <a href="/admin/committee/FIN">Finance</a>
      <span>Chair</span>
      <button type="button">Accept</button>
    </div>
  );
}

describe('useRowClick', () => {
  function renderRowWithLink() {
    const router = createMemoryRouter(
      [
        { path: '/', element: <RowWithLink /> },
        { path: '/admin/committee/:code', element: <p>Committee page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('follows the link on a click on the row, which stays no button (it holds other controls)', () => {
    const router = renderRowWithLink();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept']);
    fireEvent.click(screen.getByText('Accept'));
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByText('Chair'));
    expect(router.state.location.pathname).toBe('/admin/committee/FIN');
  });

  it('opens a new tab with a modifier key or a middle click', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderRowWithLink();
    fireEvent.click(screen.getByText('Chair'), { ctrlKey: true });
    fireEvent(screen.getByText('Chair'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenCalledWith('/admin/committee/FIN', '_blank', 'noopener,noreferrer');
  });
});
