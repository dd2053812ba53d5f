// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureI18n } from '../test/component-harness';
import { RouteErrorPage } from './route-error-page';

/** The app's shape (web/app/router.tsx): a shell around a pathless route with the error page, around pages. */
function renderApp(load: () => Promise<never>, crash = false) {
  function Broken(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'map')");
  }
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteErrorPage standalone />,
        element: (
          <div>
            <nav>
              <Link to="/grades">Grades</Link>
            </nav>
            <main>
              <Outlet />
            </main>
          </div>
        ),
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { path: '/dashboard', element: <p>Dashboard</p> },
              crash ? { path: '/grades', element: <Broken /> } : { path: '/grades', lazy: load, HydrateFallback: () => null },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/grades'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('RouteErrorPage', () => {
  beforeEach(async () => {
    await ensureI18n();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('says in words that a page’s code could not be loaded, inside the shell, with a reload button', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderApp(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/grades-page-x.js')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(alert.textContent).toContain('StudyPilot was updated');
    // The shell's navigation stays, so the student can go elsewhere.
    expect(screen.getByRole('link', { name: 'Grades' })).toBeTruthy();
    screen.getByRole('button', { name: 'Reload page' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('says something went wrong when a page throws, without a stack trace', async () => {
    renderApp(() => Promise.reject(new Error('unused')), true);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on this page');
    expect(alert.textContent).not.toContain('reading');
    expect(console.error).toHaveBeenCalled();
  });
});
