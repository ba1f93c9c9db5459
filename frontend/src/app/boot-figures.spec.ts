import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DASHBOARD_STATS as ADMIN_CARDS,
  formatAdminFigure,
} from '@/features/admin-dashboard/components/stat-definitions';
import {
  DASHBOARD_STATS as COMPANY_CARDS,
  formatCompanyFigure,
} from '@/features/company/components/company-stat-cards';
import { apiJson } from '@/lib/api-client';
import type { MessageId } from '@/i18n/message-id';
import ENGLISH from '@/locales/dashboard.en.json?raw';
import SPANISH from '@/locales/dashboard.es.json?raw';
import { VOUCHER_URLS } from '@/lib/vouchers-api/urls';
import BOOT_SCRIPT from '../../public/boot.js?raw';
import FIGURES_SCRIPT from '../../public/boot-figures.js?raw';

// The page's window (this project runs in node), with a kept session token, set before the modules above
// read it on import.
vi.hoisted(() => {
  const items = new Map<string, string>([['adminToken', 'kept-token']]);
  Object.assign(globalThis, {
    window: {
      addEventListener: () => undefined,
      location: { origin: 'http://localhost' },
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    },
  });
});

/** Just enough of a DOM element for boot.js: what it builds, and the outline it fills. */
class FakeElement {
  className = '';
  private ownText: string | undefined;
  readonly attributes: Record<string, string> = {};
  readonly children: FakeElement[] = [];
  parentNode: FakeElement | null = null;
  constructor(readonly tag: string) {}
  set textContent(text: string) {
    this.ownText = text;
  }
  get textContent(): string {
    return this.ownText ?? this.children.map((child) => child.textContent).join('');
  }
  get firstChild() {
    return this.children[0] ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  appendChild(child: FakeElement) {
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  replaceChild(next: FakeElement, old: FakeElement) {
    this.children[this.children.indexOf(old)] = next;
    next.parentNode = this;
    return old;
  }
  /** Only the selector boot.js uses: the outline's cards. */
  querySelectorAll(selector: string) {
    expect(selector).toBe('.bs-cards > .bs-card');
    return this.children
      .find((child) => child.className === 'bs-main')!
      .children.find((child) => child.className === 'bs-cards')!
      .children.filter((child) => child.className.split(' ').includes('bs-card'));
  }
  byClass(name: string): FakeElement | undefined {
    if (this.className.split(' ').includes(name)) return this;
    for (const child of this.children) {
      const found = child.byClass(name);
      if (found) return found;
    }
    return undefined;
  }
}

function element(tag: string, className: string, children: FakeElement[] = []) {
  const node = new FakeElement(tag);
  node.className = className;
  for (const child of children) node.appendChild(child);
  return node;
}

/** The root as boot.js's outline leaves it: four bare cards. */
function outlinedRoot() {
  const cards = Array.from({ length: 4 }, () => element('div', 'bs-card'));
  return element('div', '', [
    element('div', 'bs', [
      element('div', 'bs-nav'),
      element('div', 'bs-main', [element('div', 'bs-cards', cards)]),
    ]),
  ]);
}

const json = (status: number, body: string, type = 'application/json; charset=utf-8') =>
  Promise.resolve(new Response(body, { status, headers: { 'Content-Type': type } }));

/** Runs boot.js at `pathname` against `root`; settles once its figures' answer has been handled. */
async function bootAt(pathname: string, root: FakeElement, answer: () => Promise<Response>) {
  const page = {
    localStorage: window.localStorage,
    location: { pathname },
    fetch: (url: string) => (url === '/api/auth/user' ? json(200, '{}') : answer()),
  } as unknown as Window;
  const document = {
    getElementById: (id: string) => (id === 'root' ? root : null),
    createElement: (tag: string) => new FakeElement(tag),
    createElementNS: (_ns: string, tag: string) => new FakeElement(tag),
    // boot.js asks for boot-figures.js here: it runs as the browser would run it once loaded.
    head: { appendChild: () => new Function('window', 'document', FIGURES_SCRIPT)(page, document) },
  };
  new Function('window', 'document', BOOT_SCRIPT)(page, document);
  window.__avpassEarlyAnswers = page.__avpassEarlyAnswers;
  // The answer, its clone's body, then the drawing: a few turns of the event loop.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

const cardsOf = (root: FakeElement) => root.firstChild!.querySelectorAll('.bs-cards > .bs-card');
const text = (card: FakeElement, name: string) => card.byClass(name)?.textContent;

/** Figures whose formats differ: thousands separators, a fraction, a zero. */
const STATS = {
  totalQrCodes: 1234567,
  totalRedemptions: 20480,
  todayRedemptions: 0,
  activePartners: 1500,
  redemptionRate: 1666.7,
};

afterEach(() => {
  window.__avpassEarlyAnswers = undefined;
  window.localStorage.removeItem('avpassLanguage');
});

/** The cards' words in a language, as the catalogs hold them (read as written, not compiled). */
const CATALOGS: Record<'en' | 'es', Record<string, string>> = {
  en: JSON.parse(ENGLISH) as Record<string, string>,
  es: JSON.parse(SPANISH) as Record<string, string>,
};
const wordsIn = (language: 'en' | 'es') => (key: MessageId | undefined) =>
  key === undefined ? undefined : CATALOGS[language][key];

async function adminCardsIn(language: 'en' | 'es') {
  const root = outlinedRoot();
  await bootAt('/dashboard', root, () => json(200, JSON.stringify(STATS)));
  const say = wordsIn(language);
  expect(
    cardsOf(root).map((card) => ({
      testId: card.attributes['data-testid'],
      label: text(card, 'bs-label'),
      figure: text(card, 'bs-value'),
    })),
  ).toEqual(
    ADMIN_CARDS.map((stat) => ({
      testId: `stat-${stat.key}`,
      label: say(stat.label),
      figure: formatAdminFigure(stat, STATS[stat.key], language),
    })),
  );
}

async function companyCardsIn(language: 'en' | 'es') {
  const root = outlinedRoot();
  await bootAt('/company-dashboard', root, () => json(200, JSON.stringify(STATS)));
  const say = wordsIn(language);
  expect(
    cardsOf(root).map((card) => ({
      testId: card.attributes['data-testid'],
      label: text(card, 'bs-label'),
      figure: text(card, 'bs-value'),
      hint: text(card, 'bs-hint'),
      link: text(card, 'bs-link'),
    })),
  ).toEqual(
    COMPANY_CARDS.map((stat) => ({
      testId: stat.testId,
      label: say(stat.label),
      figure: formatCompanyFigure(stat, STATS[stat.key], language),
      hint: say(stat.hint),
      link: stat.linkLabel && `${say(stat.linkLabel)} →`,
    })),
  );
}

describe("the dashboards' figures in index.html's outline (issue 40, decision 348)", () => {
  it("draws the admin dashboard's cards as AdminStatCards draws them: order, test ids, labels, format", async () => {
    await adminCardsIn('en');
  });

  it("draws the company dashboard's cards as CompanyStatCards draws them, with their hints and links", async () => {
    await companyCardsIn('en');
  });

  it("speaks the reader's remembered language: the Spanish catalog's words (issue 42)", async () => {
    window.localStorage.setItem('avpassLanguage', 'es');
    await adminCardsIn('es');
    await companyCardsIn('es');
  });

  it('the app still takes the same answer, whole, after the outline has drawn it', async () => {
    const root = outlinedRoot();
    await bootAt('/dashboard', root, () => json(200, JSON.stringify(STATS)));
    expect(text(cardsOf(root)[0]!, 'bs-value')).toBe('1,234,567');
    const fetchNow = vi.fn(() => json(200, '{}'));
    vi.stubGlobal('fetch', fetchNow);
    const schema = { parse: (value: unknown) => value };
    await expect(apiJson(VOUCHER_URLS.adminStats, () => Promise.resolve(schema))).resolves.toEqual(STATS);
    expect(fetchNow).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('a refused, non-JSON, malformed or incomplete answer leaves the plain outline', async () => {
    const answers = [
      () => json(403, JSON.stringify(STATS)),
      () => json(200, JSON.stringify(STATS), 'text/html'),
      () => json(200, '{"totalQrCodes": 1,'),
      () => json(200, JSON.stringify({ ...STATS, todayRedemptions: '<b>1</b>' })),
      () => json(200, JSON.stringify({ ...STATS, redemptionRate: undefined })),
      () => json(200, 'null'),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    for (const answer of answers) {
      const root = outlinedRoot();
      await bootAt('/dashboard', root, answer);
      expect(cardsOf(root).map((card) => card.className)).toEqual(Array(4).fill('bs-card'));
    }
  });

  it('once the app has drawn its own page, the figures are not drawn into it', async () => {
    const root = outlinedRoot();
    root.replaceChild(element('div', 'app-page', [element('div', 'bs-main')]), root.firstChild!);
    await bootAt('/dashboard', root, () => json(200, JSON.stringify(STATS)));
    expect(root.firstChild!.className).toBe('app-page');
    expect(root.textContent).toBe('');
  });
});
