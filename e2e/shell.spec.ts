import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

test.beforeEach(async ({ page }) => {
  await registerViaApi(page.request);
});

test('bottom navigation: seven links, the current one marked', async ({ page }) => {
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(7);
  await expect(links).toHaveText(['Home', 'Schedule', 'Tasks', 'Grades', 'Progress', 'Study', 'Rewards']);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  for (const [name, path] of [
    ['Schedule', '/schedule'],
    ['Tasks', '/tasks'],
    ['Grades', '/grades'],
    ['Progress', '/progress'],
    ['Study', '/study'],
    ['Rewards', '/rewards'],
    ['Home', '/dashboard'],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  await page.goto('/home');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the user menu offers every entry and they go where they should', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Account Settings',
    'Settings',
    'Premium templates',
    'Help Center',
    'Send Feedback',
    'Privacy Policy',
    'Terms and Conditions',
    'Release notes',
    'Sign out',
    'Delete account',
  ]);
  await menu.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Security' })).toBeVisible();
  await page.getByRole('link', { name: 'Help centre' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.getByRole('link', { name: 'StudyPilot', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('settings: mode, colour and style persist across a reload without a flash', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByText('active')).toBeVisible();

  await dialog.getByRole('button', { name: /Appearance/ }).click();
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: /Colour theme/ }).click();
  await page.getByRole('radio', { name: 'Purple' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-color', 'purple');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: /Style/ }).click();
  await page.getByRole('radio', { name: /Classic/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-style', 'classic');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // The boot script applies the theme before the app's code runs: the app's bundle is held back until
  // the theme is seen on <html>, then released.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('html')).toHaveAttribute('data-color', 'purple');
  await expect(page.locator('html')).toHaveAttribute('data-style', 'classic');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveCount(0);
  release();
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('vite-ui-theme'), localStorage.getItem('studypilot_theme')])).toEqual([
    'dark',
    JSON.stringify({ color: 'purple', style: 'classic' }),
  ]);
});

test('settings: the grading system is saved on the server', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: /Grading system/ }).click();
  await expect(page.getByRole('radio', { name: 'Letter Grade (A+–F)' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'UK GCSE (9–1)' }).click();
  await expect.poll(async () => (await (await page.request.get('/api/grading-system')).json()).system).toBe('uk_gcse_new');
});

const LANGUAGE_CHECKS = [
  { code: 'es', name: 'Español', tasks: 'Tareas' },
  { code: 'fr', name: 'Français', tasks: 'Tâches' },
  { code: 'de', name: 'Deutsch', tasks: 'Aufgaben' },
  { code: 'zh', name: '中文', tasks: '任务' },
  { code: 'ja', name: '日本語', tasks: 'タスク' },
  { code: 'en', name: 'English', tasks: 'Tasks' },
] as const;

test('settings: switch the language to each of the six', async ({ page }) => {
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation').last();
  for (const { code, name, tasks } of LANGUAGE_CHECKS) {
    // By its test id: its name changes with the language, and the page's prerendered frame (decision
    // 169) has no user menu, so "the header's last button" is the bell until the app has started.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem').nth(1).click();
    await page.getByRole('dialog').getByRole('button').nth(5).click();
    await page.getByRole('radio', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await page.keyboard.press('Escape');
    await expect(nav.locator('[data-nav-id="tasks"]')).toHaveText(tasks);
  }
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the shell has no serious accessibility violations', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expectNoSeriousA11yViolations(page);
});
