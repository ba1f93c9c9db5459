// Loaded by boot.js on a dashboard's address only, beside the figures' request (decision 348).
/* global window, document */
// The outline's four stat cards filled with the figures (issue 40, decision 348), drawn as the React cards
// draw them: the same order, test ids, labels, hints and number format (admin: AdminStatCards with
// DASHBOARD_STATS; company: CompanyStatCards with its DASHBOARD_STATS; boot-figures.spec.ts holds them
// equal). Text only through textContent; nothing drawn unless every figure is a finite number and the
// outline this script drew is still the page (React owns the root once it has rendered). The icons are the
// cards' Material icons' paths. The words are the reader's language's (issue 42): ES holds the Spanish
// catalog's (frontend/src/locales/dashboard.es.json) for each English word, and the spec holds them equal.
(function () {
  var ICONS = {
    codes: [
      'M15 21h-2v-2h2zm-2-7h-2v5h2zm8-2h-2v4h2zm-2-2h-2v2h2zM7 12H5v2h2zm-2-2H3v2h2zm7-5h2V3h-2zm-7.5-.5v3h3v-3zM8 9H4c-.55 0-1-.45-1-1V4c0-.55.45-1 1-1h4c.55 0 1 .45 1 1v4c0 .55-.45 1-1 1m-3.5 7.5v3h3v-3zM8 21H4c-.55 0-1-.45-1-1v-4c0-.55.45-1 1-1h4c.55 0 1 .45 1 1v4c0 .55-.45 1-1 1m8.5-16.5v3h3v-3zM20 9h-4c-.55 0-1-.45-1-1V4c0-.55.45-1 1-1h4c.55 0 1 .45 1 1v4c0 .55-.45 1-1 1m-1 10v-3h-4v2h2v3h4v-2zm-2-7h-4v2h4zm-4-2H7v2h2v2h2v-2h2zm1-1V7h-2V5h-2v4zM6.75 5.25h-1.5v1.5h1.5zm0 12h-1.5v1.5h1.5zm12-12h-1.5v1.5h1.5z',
    ],
    redeem: [
      'M20 6h-2.18c.11-.31.18-.65.18-1 0-1.66-1.34-3-3-3-1.05 0-1.96.54-2.5 1.35l-.5.67-.5-.68C10.96 2.54 10.05 2 9 2 7.34 2 6 3.34 6 5c0 .35.07.69.18 1H4c-1.11 0-1.99.89-1.99 2L2 19c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V8c0-1.11-.89-2-2-2m-5-2c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1M9 4c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1m11 15H4v-2h16zm0-5H4V8h5.08L7 10.83 8.62 12 11 8.76l1-1.36 1 1.36L15.38 12 17 10.83 14.92 8H20z',
    ],
    event: [
      'M19 3h-1V1h-2v2H8V1H6v2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5V9h14zM5 7V5h14v2zm5.56 10.46 5.93-5.93-1.06-1.06-4.87 4.87-2.11-2.11-1.06 1.06z',
    ],
    percent: [
      'M7.5 4C5.57 4 4 5.57 4 7.5S5.57 11 7.5 11 11 9.43 11 7.5 9.43 4 7.5 4m0 5C6.67 9 6 8.33 6 7.5S6.67 6 7.5 6 9 6.67 9 7.5 8.33 9 7.5 9m9 4c-1.93 0-3.5 1.57-3.5 3.5s1.57 3.5 3.5 3.5 3.5-1.57 3.5-3.5-1.57-3.5-3.5-3.5m0 5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5m2.79-13.29c.39.39.39 1.02 0 1.41L6.12 19.29c-.39.39-1.02.39-1.41 0s-.39-1.02 0-1.41L17.88 4.71c.39-.39 1.02-.39 1.41 0',
    ],
    insights: [
      'M21 8c-1.45 0-2.26 1.44-1.93 2.51l-3.55 3.56c-.3-.09-.74-.09-1.04 0l-2.55-2.55C12.27 10.45 11.46 9 10 9c-1.45 0-2.27 1.44-1.93 2.52l-4.56 4.55C2.44 15.74 1 16.55 1 18c0 1.1.9 2 2 2 1.45 0 2.26-1.44 1.93-2.51l4.55-4.56c.3.09.74.09 1.04 0l2.55 2.55C12.73 16.55 13.54 18 15 18c1.45 0 2.27-1.44 1.93-2.52l3.56-3.55c1.07.33 2.51-.48 2.51-1.93 0-1.1-.9-2-2-2',
      'm15 9 .94-2.07L18 6l-2.06-.93L15 3l-.92 2.07L12 6l2.08.93zM3.5 11 4 9l2-.5L4 8l-.5-2L3 8l-2 .5L3 9z',
    ],
    today: [
      'M19 3h-1V1h-2v2H8V1H6v2H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5V9h14zm0-12H5V5h14zM7 11h5v5H7z',
    ],
    inventory: [
      'M20 2H4c-1 0-2 .9-2 2v3.01c0 .72.43 1.34 1 1.69V20c0 1.1 1.1 2 2 2h14c.9 0 2-.9 2-2V8.7c.57-.35 1-.97 1-1.69V4c0-1.1-1-2-2-2m-1 18H5V9h14zm1-13H4V4h16z',
      'M9 12h6v2H9z',
    ],
  };
  var ES = {
    'Total QR Codes': 'Total de códigos QR',
    'Total Redemptions': 'Total de canjes',
    "Today's Redemptions": 'Canjes de hoy',
    'Redemption Rate': 'Tasa de canje',
    Redemptions: 'Canjes',
    Today: 'Hoy',
    Partners: 'Socios',
    'Assigned to your company': 'Asignados a su empresa',
    'All time': 'Desde el inicio',
    'Since midnight': 'Desde la medianoche',
    'Unique locations': 'Ubicaciones distintas',
    'See the codes': 'Ver los códigos',
    'Partnership analytics': 'Análisis de socios',
    Inventory: 'Inventario',
  };
  // The language as frontend/src/i18n/language.ts chooses it before the account's is known (decision 352):
  // the remembered choice (localStorage, then the avpass_lang cookie), else the browser's first en/es.
  // The pseudo-locale's words are drawn in English, as the gateway draws them.
  function spoken() {
    var kept = null;
    try {
      kept = window.localStorage.getItem('avpassLanguage');
    } catch {
      // No storage: the cookie may still say it.
    }
    if (!kept) kept = (/(?:^|;\s*)avpass_lang=([\w-]+)/.exec(document.cookie || '') || [])[1];
    if (kept === 'en' || kept === 'es' || kept === 'pseudo') return kept;
    var nav = window.navigator || {};
    var tags = nav.languages && nav.languages.length ? nav.languages : [nav.language];
    for (var i = 0; i < tags.length; i++) {
      var primary = String(tags[i] || '')
        .trim()
        .toLowerCase()
        .split(/[-_]/)[0];
      if (primary === 'en' || primary === 'es') return primary;
    }
    return 'en';
  }
  var spanish = spoken() === 'es';
  var say = function (words) {
    return spanish && words ? ES[words] || words : words;
  };
  // `locale`: the figure as toLocaleString('en-US') gives it (es-US groups the same way) (false: as written, the admin rate's `${value}%`).
  var CARDS = {
    '/api/admin/stats': {
      layout: 'figure-first',
      cards: [
        { key: 'totalQrCodes', testId: 'stat-totalQrCodes', label: 'Total QR Codes', icon: 'codes' },
        {
          key: 'totalRedemptions',
          testId: 'stat-totalRedemptions',
          label: 'Total Redemptions',
          icon: 'redeem',
        },
        {
          key: 'todayRedemptions',
          testId: 'stat-todayRedemptions',
          label: "Today's Redemptions",
          icon: 'event',
        },
        {
          key: 'redemptionRate',
          testId: 'stat-redemptionRate',
          label: 'Redemption Rate',
          icon: 'percent',
          suffix: '%',
          locale: false,
        },
      ],
    },
    '/api/stats': {
      layout: 'label-first',
      cards: [
        {
          key: 'totalQrCodes',
          testId: 'stat-total-codes',
          label: 'Total QR Codes',
          hint: 'Assigned to your company',
          link: 'See the codes',
          icon: 'codes',
        },
        {
          key: 'totalRedemptions',
          testId: 'stat-redemptions',
          label: 'Redemptions',
          hint: 'All time',
          link: 'Partnership analytics',
          icon: 'insights',
        },
        {
          key: 'todayRedemptions',
          testId: 'stat-today',
          label: 'Today',
          hint: 'Since midnight',
          icon: 'today',
        },
        {
          key: 'activePartners',
          testId: 'stat-partners',
          label: 'Partners',
          hint: 'Unique locations',
          link: 'Inventory',
          icon: 'inventory',
        },
      ],
    },
  };
  var SVG = 'http://www.w3.org/2000/svg';

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function tile(name) {
    var box = el('span', 'bs-tile');
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('focusable', 'false');
    ICONS[name].forEach(function (d) {
      var path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', d);
      svg.appendChild(path);
    });
    box.appendChild(svg);
    return box;
  }

  function card(layout, def, figure) {
    var node = el('div', 'bs-card bs-stat bs-' + layout);
    node.setAttribute('data-testid', def.testId);
    node.appendChild(tile(def.icon));
    if (layout === 'figure-first') {
      // The figure above its label, as a <dt>/<dd> pair (the React card's <dl>).
      var list = el('dl');
      list.appendChild(el('dt', 'bs-label', say(def.label)));
      list.appendChild(el('dd', 'bs-value', figure));
      node.appendChild(list);
      return node;
    }
    var body = el('div');
    body.appendChild(el('p', 'bs-label', say(def.label)));
    body.appendChild(el('p', 'bs-value', figure));
    if (def.hint) body.appendChild(el('span', 'bs-hint', say(def.hint)));
    if (def.link) body.appendChild(el('span', 'bs-link', say(def.link) + ' \u2192'));
    node.appendChild(body);
    return node;
  }

  window.__avpassDrawFigures = function (url, stats) {
    var set = CARDS[url];
    var root = document.getElementById('root');
    var outline = root && root.firstChild;
    if (!set || !outline || outline.className !== 'bs' || !stats || typeof stats !== 'object') return;
    var slots = outline.querySelectorAll('.bs-cards > .bs-card');
    if (slots.length !== set.cards.length) return;
    var figures = set.cards.map(function (def) {
      var value = stats[def.key];
      if (typeof value !== 'number' || !isFinite(value)) return null;
      return (
        (def.locale === false ? String(value) : value.toLocaleString(spanish ? 'es-US' : 'en-US')) +
        (def.suffix || '')
      );
    });
    if (figures.indexOf(null) !== -1) return;
    set.cards.forEach(function (def, i) {
      slots[i].parentNode.replaceChild(card(set.layout, def, figures[i]), slots[i]);
    });
  };
  // The figures came before this script: draw them now (boot.js draws those that come after).
  var early = window.__avpassEarlyFigures;
  if (early) window.__avpassDrawFigures(early.url, early.stats);
})();
