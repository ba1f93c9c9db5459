// The dashboard's outline before the app's code arrives (issue 28,
// docs/decisions/0138-first-loads-a-few-named-chunks-the-landing-screen-prefetched.md). Runs before the
// modules (a classic script after the root element, same origin, so the CSP's script-src 'self' allows it):
// when a session token is stored and the address is a dashboard (or the landing page, which sends a signed-in
// user to one), the root gets the shape DashboardSkeleton draws. React replaces it when it renders. Decides
// nothing: a stale token only shows the outline a moment longer before the sign-in page.
/* global window, document */
(function () {
  try {
    var root = document.getElementById('root');
    if (!root || root.firstChild || !window.localStorage.getItem('adminToken')) return;
    var path = window.location.pathname.replace(/\/+$/, '') || '/';
    if (path !== '/' && path !== '/dashboard' && path !== '/company-dashboard') return;
    var bar = function (w, cls) {
      return '<i class="bs-bone' + (cls ? ' ' + cls : '') + '" style="width:' + w + 'px"></i>';
    };
    var links = [80, 40, 64, 120, 96, 120, 150, 72, 64, 48].map(function (w) {
      return bar(w, 'bs-dark');
    });
    var cards = '';
    for (var i = 0; i < 4; i++)
      cards +=
        '<div class="bs-card"><i class="bs-bone bs-icon"></i><div>' +
        bar(64, 'bs-figure') +
        bar(148) +
        '</div></div>';
    var rows = '';
    for (var r = 0; r < 6; r++) rows += '<i class="bs-bone bs-row"></i>';
    root.innerHTML =
      '<div class="bs" data-testid="dashboard-skeleton" role="status" aria-busy="true"><span class="bs-hidden">Loading your dashboard…</span>' +
      '<div class="bs-nav" aria-hidden="true"><div class="bs-top"><i class="bs-bone bs-dark bs-logo"></i><div>' +
      bar(140, 'bs-dark') +
      bar(60, 'bs-dark bs-sub') +
      '</div></div><div class="bs-links">' +
      links.join('') +
      '</div></div><div class="bs-main" aria-hidden="true">' +
      bar(110, 'bs-small') +
      bar(320, 'bs-title') +
      bar(440, 'bs-small') +
      '<div class="bs-cards">' +
      cards +
      '</div><div class="bs-table"><div class="bs-tabs">' +
      bar(120) +
      bar(140) +
      bar(160) +
      '</div><div class="bs-rows">' +
      rows +
      '</div></div></div></div>';
  } catch {
    // No storage, no outline: the app's own skeleton follows.
  }
})();

// A dashboard's first answers (the user, the figures), asked for before the app's code arrives; the app
// takes each once and checks it as any answer (frontend/src/lib/early-answers.ts, issue 40).
(function () {
  try {
    var token = window.localStorage.getItem('adminToken');
    if (!token) return;
    var path = window.location.pathname.replace(/\/+$/, '') || '/';
    if (path === '/') path = window.localStorage.getItem('avpassHome') || '';
    var figures = { '/dashboard': '/api/admin/stats', '/company-dashboard': '/api/stats' }[path];
    if (!figures) return;
    var answers = {};
    ['/api/auth/user', figures].forEach(function (url) {
      answers[url] = window.fetch(url, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
        credentials: 'include',
      });
      answers[url].catch(function () {}); // a failed one is asked again by the app
    });
    window.__avpassEarlyAnswers = { token: token, at: Date.now(), answers: answers };
    // clone(): attached first, this handler reads before the app does.
    answers[figures]
      .then(function (res) {
        var type = res.headers.get('Content-Type') || '';
        if (res.status !== 200 || !/^application\/json\b/i.test(type)) return;
        return res
          .clone()
          .json()
          .then(function (stats) {
            window.__avpassEarlyFigures = { url: figures, stats: stats };
            if (window.__avpassDrawFigures) window.__avpassDrawFigures(figures, stats);
          });
      })
      .catch(function () {}); // a malformed answer leaves the plain outline
    // The figures' drawing code, on a dashboard only (decision 348).
    var drawer = document.createElement('script');
    drawer.src = '/boot-figures.js';
    document.head.appendChild(drawer);
  } catch {
    // No storage or no fetch: the app asks as usual.
  }
})();
