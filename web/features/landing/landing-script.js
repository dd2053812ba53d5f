// The prerendered landing page's only script (docs/decisions/095-prerendered-landing-pages.md), plain
// and small: the page is complete without it. It sends a signed-in browser on to its dashboard, keeps
// the language the visitor reads or picks, and drives the demo's tabs (the WAI-ARIA tabs pattern; the
// same markup the React page drives inside the app, web/features/landing/landing-page.tsx).
(function () {
  'use strict';
  var doc = document;
  var LANGUAGE_KEY = 'i18nextLng';

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  function store(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage unavailable (private mode): the choice lasts for this page only.
    }
  }

  // As the app's `/` does (web/app/guards.tsx RedirectIfSignedIn): only a browser that signed in asks.
  if (read('studypilot_user') !== null && window.fetch) {
    fetch('/api/auth/me', { credentials: 'include', headers: { 'Cache-Control': 'no-cache' } })
      .then(function (response) {
        if (response.ok) window.location.replace('/dashboard');
      })
      .catch(function () {
        // Offline or the server away: the visitor stays on the landing page.
      });
  }

  // The app continues in the language of the page being read (the detector reads the stored value first).
  var pageLanguage = doc.documentElement.getAttribute('data-landing-lang');
  if (pageLanguage && pageLanguage !== 'en') store(LANGUAGE_KEY, pageLanguage);

  doc.addEventListener('click', function (event) {
    var target = event.target;
    var link = target && target.closest ? target.closest('[data-set-lang]') : null;
    if (link) store(LANGUAGE_KEY, link.getAttribute('data-set-lang'));
  });

  var demo = doc.querySelector('[data-demo]');
  if (!demo) return;
  var tabs = Array.prototype.slice.call(demo.querySelectorAll('[role="tab"]'));
  function select(tab, focus) {
    tabs.forEach(function (other) {
      var selected = other === tab;
      other.setAttribute('aria-selected', selected ? 'true' : 'false');
      other.tabIndex = selected ? 0 : -1;
      var panel = doc.getElementById(other.getAttribute('aria-controls'));
      if (panel) panel.hidden = !selected;
    });
    if (focus) tab.focus();
  }
  tabs.forEach(function (tab, index) {
    tab.addEventListener('click', function () {
      select(tab, false);
    });
    tab.addEventListener('keydown', function (event) {
      var next =
        event.key === 'ArrowRight'
          ? tabs[(index + 1) % tabs.length]
          : event.key === 'ArrowLeft'
            ? tabs[(index + tabs.length - 1) % tabs.length]
            : event.key === 'Home'
              ? tabs[0]
              : event.key === 'End'
                ? tabs[tabs.length - 1]
                : null;
      if (!next) return;
      event.preventDefault();
      select(next, true);
    });
  });
})();
