import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startStack, type Stack } from '../support/stack';
import { USER_KEY } from '../support/test-env';

/**
 * The chat page (apps/web/public) in Debian's Chromium, against the whole service in-process
 * on a real port: key entry, the sample-data banner, live stages, replies with citation
 * cards and the verify-PDF badge, quick replies, keyboard use, errors in words.
 */
const CHROMIUM = '/usr/bin/chromium';
/**
 * Screenshots go to an ignored folder, so `npm test` leaves a clone clean; `npm run screenshots`
 * sets SCREENSHOTS_DIR=test/e2e/screenshots to refresh the ones the README shows.
 */
const SHOTS = join(__dirname, '..', '..', process.env.SCREENSHOTS_DIR ?? join('test', 'browser', 'out'));
const STAGE_TEXTS = ['Đang hiểu câu hỏi…', 'Đang tìm trong Dược thư…', 'Đang soạn câu trả lời…', 'Đang kiểm chứng…'];

/** Chromium is a stated requirement (README quick start; .ci/run installs it): never installed behind the user's back. */
function ensureChromium(): void {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium) to run the browser tests`,
    );
}

/**
 * Records, in the page, every text and state the stage region shows (a turn can be quick).
 * Kept as page source text: the test's TypeScript has no DOM types.
 */
const RECORD_STAGES = `
  window.__stages = { texts: [], states: [] };
  document.addEventListener('DOMContentLoaded', () => {
    const stage = document.getElementById('stage');
    if (!stage) return;
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') window.__stages.states.push(String(r.target.getAttribute('data-state')));
        for (const n of r.addedNodes) if (n.textContent) window.__stages.texts.push(n.textContent);
      }
    }).observe(stage, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
`;

/** An expression evaluated in the page. */
const inPage = <T>(page: Page, expression: string) => page.evaluate(expression) as Promise<T>;
/**
 * Polls an expression until it is truthy. Not page.waitForFunction: a string predicate is run
 * through eval inside the page, which the page's CSP (script-src 'self') rightly refuses;
 * page.evaluate goes through the DevTools protocol, which CSP does not govern.
 */
async function waitInPage(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await inPage<boolean>(page, `Boolean(${expression})`))) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('chat page in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];
  /** Script errors and unexpected console errors of the current test's pages. */
  let problems: string[] = [];
  beforeEach(() => (problems = []));
  afterEach(() => expect(problems).toEqual([]));

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ensureChromium();
    stack = await startStack();
    await stack.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(stack.app.getHttpServer().address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await stack?.close();
  });

  async function newPage(viewport = { width: 900, height: 1000 }): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'vi-VN' });
    contexts.push(context);
    const page = await context.newPage();
    await page.addInitScript({ content: RECORD_STAGES });
    page.on('pageerror', (e) => problems.push(String(e)));
    // the browser logs each non-2xx response (the 401 and error cases) as a failed resource
    page.on(
      'console',
      (m) => void (m.type() === 'error' && !/Failed to load resource/.test(m.text()) && problems.push(m.text())),
    );
    return page;
  }

  /** Opens the page and enters the key once, through the form, by keyboard. */
  async function openChat(page: Page, key = USER_KEY): Promise<void> {
    await page.goto(base);
    const input = page.getByLabel('Khóa API', { exact: true });
    await input.waitFor({ state: 'visible' });
    await input.fill(key);
    await input.press('Enter');
  }

  const replies = (page: Page) => page.locator('#messages article.reply');

  /** Types a turn and sends it with Enter; resolves with the reply that follows. */
  async function ask(page: Page, text: string): Promise<Locator> {
    const before = await replies(page).count();
    const q = page.getByLabel('Câu hỏi của bạn');
    await q.fill(text);
    await q.press('Enter');
    return nextReply(page, before);
  }

  async function nextReply(page: Page, before: number): Promise<Locator> {
    const reply = replies(page).nth(before);
    await reply.waitFor({ state: 'visible', timeout: 20_000 });
    // focus moves to the new reply
    await waitInPage(page, `document.activeElement?.id === ${JSON.stringify(await reply.getAttribute('id'))}`, 2_000);
    return reply;
  }

  it('shows the sample-data banner and walks the three-turn paediatric flow, the last step by a quick reply', async () => {
    const page = await newPage({ width: 900, height: 1400 });
    await openChat(page);
    const banner = page.getByRole('note');
    await banner.waitFor({ state: 'visible' });
    expect(await banner.textContent()).toContain('Dữ liệu mẫu — không dùng cho lâm sàng');
    expect(await inPage(page, `sessionStorage.getItem('duocthu.apiKey')`)).toBe(USER_KEY);

    const r1 = await ask(page, 'Trẻ 5 tuổi, liều paracetamol bao nhiêu?');
    expect(await r1.getAttribute('data-decision')).toBe('clarify');
    expect(await r1.locator('.decision').textContent()).toContain('Cần thêm thông tin');
    expect(await r1.locator('.answer').textContent()).toBe('Bé 5 tuổi, vậy bé nặng bao nhiêu kg?');

    const r2 = await ask(page, 'Bé nặng 18 kg');
    expect(await r2.getAttribute('data-decision')).toBe('clarify');
    const quick = r2.getByRole('group', { name: 'Gợi ý trả lời nhanh' }).getByRole('button');
    expect(await quick.allTextContents()).toEqual(
      expect.arrayContaining(['Uống', 'Đặt trực tràng', 'Truyền tĩnh mạch']),
    );

    const before = await replies(page).count();
    await r2.getByRole('button', { name: 'Uống', exact: true }).click();
    const r3 = await nextReply(page, before);
    expect(await r3.getAttribute('data-decision')).toBe('answerable');
    expect(await r3.locator('.decision').textContent()).toContain('Câu trả lời');
    // the user's turn is echoed; old quick replies no longer apply
    expect(await page.locator('#messages .msg-user').last().textContent()).toContain('Uống');
    expect(await quick.first().isDisabled()).toBe(true);
    const answer = await r3.locator('.answer').innerText();
    expect(answer).toContain('240 mg');
    expect(answer).toContain('10 - 15 mg/kg');
    expect(answer.split('\n').length).toBeGreaterThan(2); // line breaks kept

    const cards = r3.locator('details.citation');
    expect(await cards.count()).toBeGreaterThan(0);
    const first = cards.first();
    expect(await first.locator('summary').innerText()).toMatch(/Paracetamol\s*—\s*Liều lượng và cách dùng/);
    expect(await first.locator('blockquote').isVisible()).toBe(false);
    await first.locator('summary').click();
    expect(await first.locator('blockquote').isVisible()).toBe(true);
    expect((await first.locator('blockquote').textContent())!.length).toBeGreaterThan(20);
    expect(await first.locator('code').textContent()).toMatch(/^paracetamol__lieu_luong_cach_dung__\d+$/);
    await page.screenshot({ path: join(SHOTS, 'chat-paediatric.png') });

    // a reload keeps the key and continues the same conversation, its lines restored
    await page.reload();
    await page.locator('#messages .msg-history').first().waitFor();
    expect(await page.locator('#messages .msg-user').allTextContents()).toEqual([
      'BạnTrẻ 5 tuổi, liều paracetamol bao nhiêu?',
      'BạnBé nặng 18 kg',
      'BạnUống',
    ]);
    expect(await page.locator('#messages .msg-history').count()).toBe(3);
    expect(await page.getByLabel('Khóa API', { exact: true }).isVisible()).toBe(false);
  });

  it('answers an interaction with citation cards of both drugs and the verify-PDF badge, showing the live stages', async () => {
    const page = await newPage({ width: 900, height: 1100 });
    await openChat(page);
    const r = await ask(page, 'Warfarin và aspirin có tương tác không?');
    expect(await r.getAttribute('data-decision')).toBe('answerable');

    // the stage indicator: it ran, and showed each stage the stream reported, in order
    const stage = page.getByRole('status').first();
    expect(await stage.getAttribute('id')).toBe('stage');
    expect(await stage.getAttribute('data-stages-seen')).toBe('understanding retrieval generation verification');
    const seen = await inPage<{ texts: string[]; states: string[] }>(page, 'window.__stages');
    expect(seen.states).toEqual(expect.arrayContaining(['running', 'idle']));
    expect(seen.texts.filter((t) => STAGE_TEXTS.includes(t))).toEqual(STAGE_TEXTS);
    expect(await stage.getAttribute('data-state')).toBe('idle');

    const summaries = await r.locator('details.citation summary').allInnerTexts();
    expect(summaries.some((s) => /Warfarin\s*—\s*Tương tác thuốc/.test(s))).toBe(true);
    expect(summaries.some((s) => /Aspirin\s*—\s*Tương tác thuốc/.test(s))).toBe(true);

    const notices = await r.locator('.notices li').allTextContents();
    const page_ = /PDF trang (\d+)/.exec(notices.join(' '))?.[1];
    expect(page_).toBeDefined();
    const flagged = r.locator('details.citation[data-verify-pdf="true"]');
    expect(await flagged.count()).toBeGreaterThan(0);
    const badge = flagged.first().locator('.badge-verify');
    expect(await badge.isVisible()).toBe(true); // visible without opening the card
    expect(await badge.textContent()).toBe(`Cần đối chiếu PDF (trang ${page_})`);
    expect(await flagged.first().getAttribute('data-doc-id')).toMatch(/^warfarin__tuong_tac_thuoc__\d+$/);
    await flagged.first().locator('summary').click();
    await page.screenshot({ path: join(SHOTS, 'chat-interaction.png') });
  });

  it('works at 375 px by keyboard alone: an abstention, then a clarify answered by a quick reply', async () => {
    const page = await newPage({ width: 375, height: 740 });
    await openChat(page);
    const a = await ask(page, 'Paracetamol và amoxicillin dùng chung được không?');
    expect(await a.getAttribute('data-decision')).toBe('abstain');
    expect(await a.locator('.decision').textContent()).toContain('Không trả lời được');
    expect(await a.locator('.answer').textContent()).toContain('KHÔNG có nghĩa là an toàn');

    const c = await ask(page, 'Liều ibuprofen?');
    expect(await c.getAttribute('data-decision')).toBe('clarify');
    // focus is on the reply: Tab reaches its first quick reply, Enter sends it
    await page.keyboard.press('Tab');
    expect(await inPage(page, 'document.activeElement?.textContent')).toBe('Người lớn');
    const before = await replies(page).count();
    await page.keyboard.press('Enter');
    const d = await nextReply(page, before);
    expect(await d.getAttribute('data-decision')).toBe('answerable');
    expect(await inPage<number>(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SHOTS, 'chat-mobile.png') });
  });

  it('says in words that a wrong key is wrong and how to fix it (401); other errors say what to do', async () => {
    const page = await newPage({ width: 900, height: 700 });
    await openChat(page, 'not-a-valid-key');
    const error = page.getByRole('alert');
    await waitInPage(page, `document.getElementById('key-error').textContent.length > 0`);
    expect(await error.textContent()).toBe('Khóa API không đúng. Hãy kiểm tra lại khóa được cấp và nhập lại.');
    expect(await page.getByLabel('Khóa API', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#chat').isVisible()).toBe(false);
    expect(await inPage(page, `sessionStorage.getItem('duocthu.apiKey')`)).toBeNull();
    await page.screenshot({ path: join(SHOTS, 'chat-401.png') });

    // a key that stops working mid-conversation: the turn's 401 says to re-enter it
    await page.getByLabel('Khóa API', { exact: true }).fill(USER_KEY);
    await page.getByRole('button', { name: 'Lưu khóa' }).click();
    await page.getByLabel('Câu hỏi của bạn').waitFor();
    await inPage(page, `sessionStorage.setItem('duocthu.apiKey', 'revoked')`);
    await page.reload();
    await waitInPage(
      page,
      `document.getElementById('key-error').textContent.includes('Khóa API đã lưu không còn đúng')`,
    );

    // 429 / 503 / 409 from the gateway, answered in words with the action
    await page.getByLabel('Khóa API', { exact: true }).fill(USER_KEY);
    await page.getByLabel('Khóa API', { exact: true }).press('Enter');
    await page.getByLabel('Câu hỏi của bạn').waitFor();
    for (const [status, words] of [
      [429, 'Hãy đợi'],
      [503, 'tạm thời không khả dụng'],
      [409, 'vẫn đang được xử lý'],
      [401, 'Hãy nhập lại khóa API'],
    ] as const) {
      await page.route('**/v1/rag/turns', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'x', message: 'x' } }),
        }),
      );
      const r = await ask(page, 'Chỉ định của omeprazol?');
      expect(await r.getAttribute('data-status')).toBe(String(status));
      expect(await r.textContent()).toContain(words);
      expect(await r.getByRole('button').count()).toBe(1);
      await page.unroute('**/v1/rag/turns');
    }
  });
});
