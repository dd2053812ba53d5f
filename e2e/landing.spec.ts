import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '../common/domain/languages';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

/**
 * The prerendered landing page (issue 15, docs/decisions/095): its content is in the HTML in every
 * language, before and without any script; the demo is interactive with the page's small script.
 */

const PAGES = [
  { language: 'en', path: '/', heading: 'Your whole study life, planned in one place', price: '$4.99', signIn: 'Sign in' },
  {
    language: 'es',
    path: '/es/',
    heading: 'Toda tu vida de estudiante, organizada en un solo lugar',
    price: '4,99 US$',
    signIn: 'Iniciar sesión',
  },
  {
    language: 'fr',
    path: '/fr/',
    heading: 'Toute ta vie d’étudiant, organisée au même endroit',
    price: '4,99 $US',
    signIn: 'Se connecter',
  },
  { language: 'de', path: '/de/', heading: 'Dein ganzes Lernleben, an einem Ort geplant', price: '4,99 $', signIn: 'Anmelden' },
  { language: 'zh', path: '/zh/', heading: '你的学习生活，一处全部规划好', price: 'JP¥199', signIn: '登录' },
  { language: 'ja', path: '/ja/', heading: '学習生活のすべてを、ひとつの場所で計画', price: '￥199', signIn: 'ログイン' },
] as const;

/** The monthly price as Intl writes it in the language (spaces vary: compare without them). */
const compact = (text: string) => text.replace(/\s/g, '');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { language, path, heading, price, signIn } of PAGES) {
    test(`${path} renders its content in ${language}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('link', { name: signIn, exact: true })).toHaveAttribute('href', '/auth');
      // Pricing in the language's currency: yen in Chinese and Japanese, dollars elsewhere.
      const pricing = page.locator('#pricing');
      await expect(pricing).toHaveAttribute('data-currency', language === 'zh' || language === 'ja' ? 'JPY' : 'USD');
      const prices = (await pricing.getByTestId('price').allTextContents()).map(compact);
      expect(prices[1]).toBe(compact(price));
      // The demo's first view is in the HTML, computed from the sample data.
      await expect(page.getByRole('tabpanel')).toHaveCount(1);
      // Search engines and link previews.
      const alternates = page.locator('link[rel="alternate"][hreflang]');
      await expect(alternates).toHaveCount(7);
      expect(await alternates.evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')))).toEqual([
        ...LANGUAGES,
        'x-default',
      ]);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /StudyPilot/);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.locator('footer a[href="/privacy-policy"]')).toBeVisible();
      await expect(page.locator('footer a[href="/terms-conditions"]')).toBeVisible();
      // No script has run: nothing of the app was mounted.
      await expect(page.locator('#root')).toHaveCount(0);
    });
  }

  test('/fr redirects to /fr/; the sitemap lists every language', async ({ page, request }) => {
    await page.goto('/fr');
    await expect(page).toHaveURL(/\/fr\/$/);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    for (const { path } of PAGES) expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${path.replace(/\//g, '\\/')}</loc>`));
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});

async function openDemoTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('the demo is interactive: tabs by click and by arrow keys', async ({ page }) => {
  await page.goto('/');
  const demo = page.locator('#demo');
  await expect(demo.getByRole('tabpanel')).toContainText('Week B of an A/B timetable');
  await openDemoTab(page, 'Tasks');
  await expect(demo.getByRole('tabpanel')).toContainText('Problem set 3');
  await expect(demo.getByRole('tabpanel')).toContainText('Due today');
  await openDemoTab(page, 'Grade');
  await expect(demo.getByRole('tabpanel')).toContainText('Course mark: 83.7%');
  await expect(demo.getByRole('tabpanel')).toContainText('UK GCSE (9–1)');
  // Keyboard: the arrows move the selection and the focus (WAI-ARIA tabs).
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Week' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Grade' })).toBeFocused();
});

test('the call to action leads to /auth, in the language of the page', async ({ page }) => {
  await page.goto('/de/');
  await page.getByRole('link', { name: 'Jetzt starten — kostenlos' }).click();
  await expect(page).toHaveURL(/\/auth#register$/);
  await expect(page.getByRole('heading', { name: 'Willkommen bei StudyPilot' })).toBeVisible();
});

test('the language links switch pages and the choice is kept on the way back to /', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Toute ta vie d’étudiant, organisée au même endroit');
  // The stored language, then the browser's, picks the page at `/` (docs/product.md §1).
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr\/$/);
  await page.getByRole('navigation', { name: 'Langues' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your whole study life, planned in one place');
});

test.describe('a browser in Japanese', () => {
  test.use({ locale: 'ja-JP' });
  test('opening / shows the Japanese page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/ja\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('学習生活のすべてを、ひとつの場所で計画');
  });
});

test('a signed-in browser opening / goes on to /dashboard', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/dashboard');
  await expect(page.getByTestId('shell-points')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations in ${colorScheme} mode, in every tab of the demo`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expectNoSeriousA11yViolations(page);
    await openDemoTab(page, 'Tasks');
    await expectNoSeriousA11yViolations(page, { include: '#demo' });
    await openDemoTab(page, 'Grade');
    await expectNoSeriousA11yViolations(page, { include: '#demo' });
  });
}

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const { path } of PAGES) {
    test(`${path}: the header stays on one line and nothing scrolls sideways`, async ({ page }) => {
      await page.goto(path);
      const header = page.getByTestId('landing-header');
      const box = await header.boundingBox();
      // One line: the header is no taller than its tallest item plus its padding.
      const tallest = await header.evaluate((element) =>
        Math.max(...Array.from(element.querySelectorAll('a, span')).map((item) => item.getBoundingClientRect().height)),
      );
      expect(box?.height ?? 0).toBeLessThanOrEqual(tallest + 32);
      const linkTops = await header.evaluate((element) =>
        Array.from(element.querySelectorAll('nav a'))
          .filter((link) => link.getBoundingClientRect().width > 0)
          .map((link) => Math.round(link.getBoundingClientRect().top)),
      );
      expect(new Set(linkTops).size).toBe(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
