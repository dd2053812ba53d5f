// Runs before the app: applies the stored mode, colour, style and language so that the first paint
// is already right (no flash of the wrong theme). Keep in step with web/lib/theme.ts.
(function () {
  var root = document.documentElement;
  try {
    var mode = localStorage.getItem('vite-ui-theme') || 'system';
    var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    var stored = JSON.parse(localStorage.getItem('studypilot_theme') || '{}');
    var colors = ['blue', 'purple', 'green', 'orange', 'pink'];
    var styles = ['modern', 'minimal', 'classic'];
    root.dataset.color = colors.indexOf(stored.color) >= 0 ? stored.color : 'blue';
    root.dataset.style = styles.indexOf(stored.style) >= 0 ? stored.style : 'modern';
    var lng = localStorage.getItem('i18nextLng');
    if (lng) root.lang = lng;
  } catch (e) {
    root.dataset.color = 'blue';
    root.dataset.style = 'modern';
  }
})();
