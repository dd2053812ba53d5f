// Runs before the app: applies the stored mode, colour, style and language so that the first paint
// is already right (no flash of the wrong theme). Keep in step with web/lib/theme.ts.
(function () {
  var root = document.documentElement;
  try {
    var mode = localStorage.getItem('vite-ui-theme') || 'system';
    var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    var stored = JSON.parse(localStorage.getItem('studypilot_theme') || '{}');
    var colors = ['blue', 'purple', 'green', 'orange', 'pink', 'teal', 'indigo'];
    var styles = ['modern', 'minimal', 'classic', 'soft'];
    root.dataset.color = colors.indexOf(stored.color) >= 0 ? stored.color : 'blue';
    root.dataset.style = styles.indexOf(stored.style) >= 0 ? stored.style : 'modern';
    var lng = localStorage.getItem('i18nextLng');
    if (root.hasAttribute('data-landing-lang')) {
      // A prerendered landing page is in its own language (docs/decisions/095). On `/` (English, the
      // default), a visitor whose stored language, else browser language, is another of the six goes to
      // that language's page before anything paints — docs/product.md §1's order: stored, browser, English.
      if (window.location.pathname === '/') {
        var wanted = lng ? [lng] : navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
        var pages = ['en', 'es', 'fr', 'de', 'zh', 'ja'];
        for (var i = 0; i < wanted.length; i++) {
          var code = String(wanted[i]).split('-')[0].toLowerCase();
          if (pages.indexOf(code) < 0) continue;
          if (code !== 'en') window.location.replace('/' + code + '/' + window.location.search + window.location.hash);
          break;
        }
      }
    } else {
      // A signed-in page's prerendered frame (docs/decisions/169): in the language the server took from
      // the account, else from the browser, and with the banner of the newest release (data-frame-release). Hidden when the
      // language stored here is another (the app paints in that one instead); the banner hidden when this
      // browser last saw that release (opened or dismissed, decision 180) — as the app's first render decides
      // (app-shell.tsx).
      var frameLng = root.getAttribute('data-frame-lang');
      // The frame in the language the user chose for their account (docs/decisions/219): it becomes this
      // browser's too, so the app starts in it and the frame stays (as the app does when the session answers).
      var accountLng = root.getAttribute('data-account-lang');
      if (accountLng && accountLng !== lng) {
        localStorage.setItem('i18nextLng', accountLng);
        lng = accountLng;
      }
      if (lng) root.lang = lng;
      if (frameLng && lng && lng.split('-')[0] !== frameLng) root.setAttribute('data-frame', 'stale');
      var frameRelease = root.getAttribute('data-frame-release');
      if (frameRelease && localStorage.getItem('studypilot_last_seen_release') === frameRelease) {
        root.setAttribute('data-banner', 'seen');
      }
    }
  } catch (e) {
    root.dataset.color = 'blue';
    root.dataset.style = 'modern';
  }
})();

// A signed-in document's preloads of the app's code and translations wait for its frame's paint
// (docs/decisions/270; common/domain/first-route-needs.ts's modulePreloadLink): each link carries its rel in
// data-after-paint. The frame is laid out once the parser has read all of it (decision 266), so it paints with
// the first frame after the parse; then each link gets its rel, a few a task in document order (the app's code
// first, before the entry imports it), and the browser fetches each at the priority the link names. Not the entry's work: it runs only once its own imports are there, a round trip
// or more later on a slow network. A hidden tab paints no frames: there they start when the parse ends.
(function () {
  // A few links a task: Chromium starts each fetch inside the call that sets its rel, 2–8 ms a link at 4× CPU
  // with DevTools tracing; 30 links in one task made a task of 54–240 ms after the first paint.
  var LINKS_A_TASK = 4;
  function startHeldPreloads() {
    var held = document.querySelectorAll('link[data-after-paint]');
    for (var i = 0; i < held.length && i < LINKS_A_TASK; i++) {
      held[i].rel = held[i].getAttribute('data-after-paint');
      held[i].removeAttribute('data-after-paint');
    }
    if (held.length > LINKS_A_TASK) setTimeout(startHeldPreloads, 0);
  }
  function afterTheParse() {
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return startHeldPreloads();
    requestAnimationFrame(function () {
      setTimeout(startHeldPreloads, 0);
    });
  }
  if (document.readyState !== 'loading') return afterTheParse();
  // 'interactive' comes when the parser has read the document, before its module scripts run.
  document.addEventListener('readystatechange', function onParsed() {
    if (document.readyState === 'loading') return;
    document.removeEventListener('readystatechange', onParsed);
    afterTheParse();
  });
})();
