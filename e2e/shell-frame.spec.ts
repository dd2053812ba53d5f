import { expect, test, type Page } from '@playwright/test';
import { LATEST_RELEASE } from '../common/domain/release-notes';
import { registerViaApi } from './fixtures';

// A signed-in page's frame — banner, header, a loading page, the bottom navigation — comes prerendered
// in the document, so it paints before any script has arrived; the app's first render puts the same
// markup in its place (docs/decisions/169-prerendered-shell-frame.md).

/** The document alone: every script of the app refused, only the inline theme bootstrap runs. */
async function withoutAppCode(page: Page): Promise<void> {
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
}

const boxes = (page: Page) =>
  page.evaluate(() =>
    ['[data-release-banner]', 'header', 'nav[aria-label]', 'main'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? { selector, x: box.x, y: box.y, width: box.width, height: box.height } : { selector };
    }),
  );

test.describe('JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, locale: 'de-DE' });

  test("a signed-in page shows its frame from the document alone, in the browser's language", async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto('/tasks');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link')).toHaveText([
      'Startseite',
      'Stundenplan',
      'Aufgaben',
      'Noten',
      'Fortschritt',
      'Lernen',
      'Belohnungen',
    ]);
    await expect(nav.getByRole('link', { name: 'Aufgaben' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(`StudyPilot ${LATEST_RELEASE} ist da.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hilfe-Center' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Wird geladen…');
  });

  test('a signed-out visitor gets no frame: the spinner', async ({ page }) => {
    await page.goto('/tasks');
    await expect(page.locator('[data-shell-frame]')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });
});

test.describe('what the browser stored decides before the first paint', () => {
  test.use({ locale: 'en-US' });

  test('another stored language hides the frame; the newest release seen in this browser hides the banner', async ({ page }) => {
    await registerViaApi(page.request);
    await withoutAppCode(page);
    const frame = page.locator('[data-shell-frame]');
    const banner = page.getByText(`StudyPilot ${LATEST_RELEASE} is here.`);

    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(banner).toBeVisible();

    await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    await page.reload();
    await expect(frame).toHaveCount(1);
    await expect(frame).toBeHidden();

    // An older release seen here: the newest one's banner still shows.
    await page.evaluate(() => {
      localStorage.setItem('i18nextLng', 'en');
      localStorage.setItem('studypilot_last_seen_release', '1.1.0');
    });
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(banner).toBeVisible();

    // The newest release seen (opened or dismissed) in this browser: no banner before the app answers.
    await page.evaluate((latest) => localStorage.setItem('studypilot_last_seen_release', latest), LATEST_RELEASE);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test.describe('the language the student chose for their account (decision 219)', () => {
  test.use({ locale: 'en-US' });

  test("a browser that stores another language gets the frame in the account's, kept, and the app starts in it", async ({
    page,
    baseURL,
  }) => {
    await registerViaApi(page.request);
    const origin = new URL(baseURL!).origin;
    const chosen = await page.request.patch('/api/account/profile', { data: { language: 'fr' }, headers: { origin } });
    expect(chosen.status(), await chosen.text()).toBe(200);
    await withoutAppCode(page);
    await page.goto('/tasks');
    // This browser stored English (the app's detector keeps the browser's language).
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    // The document is French (the browser asks for English), theme-boot.js made French this browser's
    // language before the first paint, so the frame stays.
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Tâches' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');

    await page.unroute(/\/assets\/[^/]+\.js$/);
    await page.reload();
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tâches' })).toBeVisible();
  });
});

test.describe('the app takes over', () => {
  test.use({ locale: 'en-US' });

  test("the app's shell takes exactly the frame's place, then shows the page", async ({ page }) => {
    await registerViaApi(page.request);
    await withoutAppCode(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    const frameBoxes = await boxes(page);
    expect(frameBoxes.every((box) => (box.height ?? 0) > 0)).toBe(true);

    await page.unroute(/\/assets\/[^/]+\.js$/);
    await page.reload();
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    await expect(page.locator('[data-shell-frame]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page's own height changes <main>; everything around it is where the frame had it.
    expect((await boxes(page)).filter((box) => box.selector !== 'main')).toEqual(frameBoxes.filter((box) => box.selector !== 'main'));
  });
});

test.describe("a framed page's heading (decision 229)", () => {
  test.use({ locale: 'en-US' });

  test("the frame shows the page's heading from the document alone; the page keeps it in the same place", async ({ page }) => {
    await registerViaApi(page.request);
    const heading = page.getByRole('heading', { level: 1 });
    const headingBox = () =>
      page.evaluate(() => {
        const box = document.querySelector('h1')?.getBoundingClientRect();
        const main = document.querySelector('main')?.getBoundingClientRect();
        // Where the title's text is; not the heading block's width, which a page's actions beside it narrow.
        return box && main ? { x: box.x - main.x, y: box.y - main.y, height: box.height } : null;
      });
    const titles = {
      '/dashboard': 'Home',
      '/schedule': 'Schedule',
      '/progress': 'Progress',
      '/files': 'Files',
      '/account': 'Account settings',
      '/tasks': 'Tasks',
      '/grades': 'Grades',
      '/study': 'Study',
      '/rewards': 'Rewards',
    };
    for (const [path, title] of Object.entries(titles)) {
      await withoutAppCode(page);
      await page.goto(path);
      await expect(page.locator('[data-shell-frame]')).toBeVisible();
      await expect(heading).toHaveText(title);
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading…');
      const inFrame = await headingBox();
      expect(inFrame?.height).toBeGreaterThan(0);

      await page.unroute(/\/assets\/[^/]+\.js$/);
      await page.reload();
      await expect(page.getByTestId('user-menu-button')).toBeVisible();
      await expect(page.locator('[data-shell-frame]')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      await expect(heading).toHaveText(title);
      expect(await headingBox(), path).toEqual(inFrame);
    }
  });
});

test.describe("a framed page's buttons beside its heading (decision 236)", () => {
  test.use({ locale: 'en-US' });

  for (const { path, buttons, opens } of [
    { path: '/tasks', buttons: ['Import from your school’s calendar', 'Add task'], opens: 'Add task' },
    { path: '/grades', buttons: ['Add course', 'Add grade'], opens: 'Add grade' },
  ])
    test(`${path}'s frame draws its buttons disabled; the page's, in the same place, work`, async ({ page }) => {
      await registerViaApi(page.request);
      const buttonBoxes = () =>
        page.evaluate(
          (names) =>
            names.map((name) => {
              const button = [...document.querySelectorAll('main button')].find((element) => element.textContent === name);
              const box = button?.getBoundingClientRect();
              return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
            }),
          buttons,
        );
      await withoutAppCode(page);
      await page.goto(path);
      await expect(page.locator('[data-shell-frame]')).toBeVisible();
      for (const name of buttons) await expect(page.getByRole('main').getByRole('button', { name })).toBeDisabled();
      const inFrame = await buttonBoxes();
      expect(inFrame.every((box) => box !== null && box.width > 0)).toBe(true);

      await page.unroute(/\/assets\/[^/]+\.js$/);
      await page.reload();
      await expect(page.locator('[data-shell-frame]')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      // The header's come first (a new student's empty list offers "Add task" too).
      for (const name of buttons) await expect(page.getByRole('main').getByRole('button', { name }).first()).toBeEnabled();
      expect(await buttonBoxes()).toEqual(inFrame);
      await page.getByRole('main').getByRole('button', { name: opens }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
});

test.describe('a frame the parser has read only in part (decision 266)', () => {
  test.use({ locale: 'en-US' });

  test('is not laid out until its last element is read, so nothing in it moves when the rest comes', async ({ page }) => {
    await registerViaApi(page.request);
    await withoutAppCode(page);
    const whole = await (await page.request.get('/rewards')).text();
    const frame = page.locator('[data-shell-frame]');
    // The document as the parser holds it when it yields inside the frame (its budget spent): up to the
    // banner's icon, where a paint would draw the icon alone in the banner's middle; and all of the frame
    // but its last element.
    const afterBannerIcon = whole.indexOf('</svg>', whole.indexOf('data-release-banner')) + '</svg>'.length;
    const beforeFrameEnd = whole.indexOf('<span data-shell-frame-end');
    expect(afterBannerIcon).toBeGreaterThan('</svg>'.length);
    expect(beforeFrameEnd).toBeGreaterThan(afterBannerIcon);
    const isDocument = (url: URL) => url.pathname === '/rewards';
    const navigationLinks = page.locator('nav[aria-label] a');
    for (const { cut, icons, links } of [
      { cut: afterBannerIcon, icons: 1, links: 0 },
      { cut: beforeFrameEnd, icons: 2, links: 7 },
    ]) {
      await page.route(isDocument, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: whole.slice(0, cut) }),
      );
      await page.goto('/rewards');
      // What the parser has read is in the document (the banner's icons, the navigation's links), not shown.
      await expect(page.locator('[data-release-banner] svg')).toHaveCount(icons);
      await expect(navigationLinks).toHaveCount(links);
      await expect(frame).toHaveCount(1);
      await expect(frame).toBeHidden();
      await page.unroute(isDocument);
    }

    await page.goto('/rewards');
    await expect(frame).toBeVisible();
    await expect(page.getByText(`StudyPilot ${LATEST_RELEASE} is here.`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveCount(7);
  });
});
