import type { Book, BookTable, TableCell } from './book';
import { isTable } from './book';

/**
 * Book → one HTML document that paginates itself in the browser: blocks are poured into
 * A4 pages of one or two columns, paragraphs split at the column foot, with a running head
 * (book title, current monograph) and a page number that starts at `first_page_number`.
 * The script records the PDF page of every table in `window.__manifest`.
 */
export function typesetBook(book: Book): string {
  const blocks: string[] = [];
  let tableId = 0;
  for (const c of book.chapters) {
    blocks.push(`<h1 class="title" data-kind="title">${esc(c.title)}</h1>`);
    for (const p of c.paragraphs) blocks.push(`<p data-kind="p">${esc(p)}</p>`);
  }
  for (const v of book.volumes) {
    blocks.push(`<div data-kind="volume" data-columns="${v.columns}"></div>`);
    for (const m of v.monographs) {
      blocks.push(`<h1 class="title" data-kind="title">${esc(m.title)}</h1>`);
      blocks.push(field('Tên chung quốc tế', `${m.inn}.`));
      blocks.push(field('Mã ATC', `${m.atc.join(', ')}.`));
      blocks.push(field('Loại thuốc', `${m.drug_class}.`));
      for (const s of m.sections) {
        const printed: ({ text: string } | { table: string })[] = [];
        for (const p of s.parts) {
          const last = printed[printed.length - 1];
          if (isTable(p)) printed.push({ table: table(p.table, `t${tableId++}`) });
          else if (p.run_in && last && 'text' in last) last.text += ` ${p.text}`;
          else printed.push({ text: p.text });
        }
        const first = printed[0];
        const runIn = m.run_in_headings && first && 'text' in first;
        if (!runIn) blocks.push(`<h2 class="heading" data-kind="heading">${esc(s.heading)}</h2>`);
        printed.forEach((b, i) => {
          if ('table' in b) blocks.push(b.table);
          else if (runIn && i === 0)
            blocks.push(
              `<p class="runin" data-kind="p" data-lead="${esc(s.heading)}:"><b>${esc(s.heading)}:</b> ${esc(b.text)}</p>`,
            );
          else blocks.push(`<p data-kind="p">${esc(b.text)}</p>`);
        });
      }
    }
  }
  if (book.scanned_page) blocks.push(`<div data-kind="scan">${scan(book.scanned_page)}</div>`);
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><style>${CSS}</style></head><body>
<template id="page"><div class="page"><div class="head"><span class="book">${esc(book.book_title)}</span><span class="running"></span></div><div class="body"></div><div class="foot"></div></div></template>
<div id="src">${blocks.join('\n')}</div>
<div id="out"></div>
<script>window.__book = ${JSON.stringify({ first: book.first_page_number, footnotes: book.footnotes })};
${PAGINATE}</script></body></html>`;
}

/** Table ids in print order, as the typesetter numbers them (t0, t1, …). */
export function tableIds(book: Book): Map<BookTable, string> {
  const ids = new Map<BookTable, string>();
  let n = 0;
  for (const v of book.volumes)
    for (const m of v.monographs)
      for (const s of m.sections) for (const p of s.parts) if (isTable(p)) ids.set(p.table, `t${n++}`);
  return ids;
}

/** Text drawn on a canvas prints as an image: what a scanner gives. */
export function scan(lines: string[], width = '170mm'): string {
  // a block of its own: two pictures on one page must not redeclare each other's names
  const draw = `{const c=document.currentScript.previousElementSibling,x=c.getContext('2d');x.fillStyle='#fff';x.fillRect(0,0,c.width,c.height);x.fillStyle='#000';x.font='28px serif';${JSON.stringify(lines)}.forEach((l,i)=>x.fillText(l,40,80+i*44));}`;
  return `<canvas width="1200" height="${120 + lines.length * 44}" style="width:${width}"></canvas><script>${draw}</script>`;
}

function field(label: string, value: string): string {
  return `<p class="field" data-kind="p" data-keep="1"><b>${esc(label)}:</b> ${esc(value)}</p>`;
}

function cell(c: TableCell, tag: 'td' | 'th'): string {
  if (c === null) return '';
  if (typeof c === 'string') return `<${tag}>${esc(c)}</${tag}>`;
  return `<${tag}${c.rowspan ? ` rowspan="${c.rowspan}"` : ''}>${esc(c.text)}</${tag}>`;
}

function table(t: BookTable, id: string): string {
  const head = `<tr>${t.header.map((h) => cell(h, 'th')).join('')}</tr>`;
  const rows = t.rows.map((r) => `<tr>${r.map((c) => cell(c, 'td')).join('')}</tr>`).join('');
  const grid = `<table>${head}${rows}</table>`;
  const rows2 = [t.header, ...t.rows.map((r) => r.map((c) => (c === null ? '' : typeof c === 'string' ? c : c.text)))];
  const body =
    t.kind === 'rotated'
      ? `<div class="rot">${grid}</div>`
      : t.kind === 'image'
        ? scan(
            rows2.map((r) => r.join('   |   ')),
            '100%',
          )
        : grid;
  return `<div data-kind="table" data-table="${t.kind}" id="${id}"><p class="caption">${esc(t.caption)}</p>${body}</div>`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const CSS = `
@page { size: 210mm 297mm; margin: 0 }
html, body { margin: 0; padding: 0 }
body { font-family: 'DejaVu Serif', serif; font-size: 10pt; color: #000 }
#src { position: absolute; left: -10000px; width: 174mm }
.page { width: 210mm; height: 297mm; position: relative; overflow: hidden; break-after: page }
.head { position: absolute; top: 11mm; left: 18mm; right: 18mm; font-size: 8pt; display: flex; justify-content: space-between; border-bottom: 0.5pt solid #000; padding-bottom: 1mm }
.foot { position: absolute; bottom: 10mm; left: 0; right: 0; text-align: center; font-size: 8pt }
.body { position: absolute; top: 22mm; left: 18mm; right: 18mm; height: 250mm; display: flex; gap: 9mm }
.col { flex: 1 1 0; min-width: 0; height: 100%; overflow: hidden; position: relative }
.fn { position: absolute; bottom: 17mm; left: 18mm; right: 18mm; font-size: 8pt; border-top: 0.5pt solid #000; padding-top: 1mm; text-align: left }
p { margin: 0 0 3pt 0; text-align: justify; text-indent: 1.2em; line-height: 1.3 }
p.field { text-indent: 0; text-align: left }
p.runin { text-indent: 0; margin-top: 3pt }
p.cont { text-indent: 0 }
p.broken { text-align-last: justify; margin-bottom: 0 }
h1.title { font-size: 15pt; font-weight: bold; margin: 9pt 0 4pt 0 }
h2.heading { font-size: 10pt; font-weight: bold; margin: 5pt 0 2pt 0 }
p.caption { font-size: 9pt; font-style: italic; text-indent: 0; margin: 4pt 0 2pt 0 }
table { border-collapse: collapse; font-size: 8pt; margin: 0 0 5pt 0 }
td, th { border: 0.5pt solid #000; padding: 2pt 9pt 2pt 5pt; text-align: left; vertical-align: middle; line-height: 1.25 }
th { font-weight: bold }
.rot { writing-mode: vertical-rl; margin: 0 0 5pt 0 }
`;

/** Runs in the page: pours #src's blocks into pages (see typesetBook). */
const PAGINATE = String.raw`
(() => {
  const cfg = window.__book;
  const out = document.getElementById('out');
  const tpl = document.getElementById('page');
  const manifest = { tables: {}, pages: 0, titles: {} };
  let columns = 1, cols = [], ci = 0, col = null, running = '', pageEl = null, placedOnPage = 0;
  function newPage() {
    const node = tpl.content.firstElementChild.cloneNode(true);
    out.appendChild(node);
    pageEl = node;
    manifest.pages++;
    placedOnPage = 0;
    node.querySelector('.running').textContent = running;
    node.querySelector('.foot').textContent = String(cfg.first + manifest.pages - 1);
    const body = node.querySelector('.body');
    const fn = cfg.footnotes[String(manifest.pages)];
    if (fn) {
      const f = document.createElement('div');
      f.className = 'fn';
      f.textContent = fn;
      node.appendChild(f);
      const h = f.getBoundingClientRect().height;
      body.style.height = 'calc(250mm - ' + (h + 12) + 'px)';
    }
    cols = [];
    for (let i = 0; i < columns; i++) {
      const c = document.createElement('div');
      c.className = 'col';
      body.appendChild(c);
      cols.push(c);
    }
    ci = 0;
    col = cols[0];
  }
  function next() {
    if (ci + 1 < cols.length) { ci++; col = cols[ci]; } else newPage();
  }
  // scrollHeight never reports less than the box: measure the last child's bottom instead
  const used = () => { const l = col.lastElementChild; return l ? l.offsetTop + l.offsetHeight : 0; };
  const fits = (room = 0) => used() + room <= col.clientHeight + 0.5;
  const empty = () => col.childElementCount === 0;
  function place(el, room) {
    col.appendChild(el);
    if (fits(room)) return;
    if (empty()) return;
    col.removeChild(el);
    next();
    col.appendChild(el);
  }
  function placeParagraph(el) {
    col.appendChild(el);
    if (fits()) return;
    col.removeChild(el);
    // a run-in heading stays bold at the head of the first fragment
    const lead = el.dataset.lead || '';
    const words = (lead ? el.textContent.slice(lead.length).trim() : el.textContent).split(' ');
    const setWords = (node, ws) => {
      node.textContent = '';
      if (lead) { const b = document.createElement('b'); b.textContent = lead; node.append(b, ' '); }
      node.append(ws.join(' '));
    };
    if (el.dataset.keep || words.length < 8) { next(); col.appendChild(el); return; }
    let lo = 0, hi = words.length - 1;
    const frag = el.cloneNode(false);
    frag.classList.add('broken');
    col.appendChild(frag);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      setWords(frag, words.slice(0, mid));
      if (fits()) lo = mid; else hi = mid - 1;
    }
    // a fragment of fewer than 3 words would leave a widow line: move the paragraph instead
    if (lo < 3) { col.removeChild(frag); next(); placeParagraph(el); return; }
    setWords(frag, words.slice(0, lo));
    const rest = el.cloneNode(false);
    delete rest.dataset.lead;
    rest.classList.remove('runin');
    rest.classList.add('cont');
    rest.textContent = words.slice(lo).join(' ');
    next();
    placeParagraph(rest);
  }
  function placeTable(el) {
    const kind = el.dataset.table;
    if (kind !== 'split') {
      place(el, 0);
      manifest.tables[el.id] = manifest.pages;
      return;
    }
    // split on purpose: the first half here, the rest at the top of the next column or page
    const table = el.querySelector('table');
    const rows = [...table.querySelectorAll('tr')];
    const half = Math.ceil(rows.length / 2);
    const second = document.createElement('table');
    for (const r of rows.slice(half)) second.appendChild(r);
    place(el, 0);
    manifest.tables[el.id] = manifest.pages;
    next();
    const rest = document.createElement('div');
    rest.appendChild(second);
    place(rest, 0);
  }
  // detached first: moving blocks out of a laid-out source would re-lay it out at every step
  const srcEl = document.getElementById('src');
  srcEl.remove();
  const src = [...srcEl.children];
  newPage();
  for (let i = 0; i < src.length; i++) {
    const el = src[i];
    const kind = el.dataset.kind;
    if (kind === 'volume') {
      columns = Number(el.dataset.columns);
      if (placedOnPage > 0 || col.childElementCount > 0) newPage();
      else { pageEl.remove(); manifest.pages--; newPage(); }
      continue;
    }
    if (kind === 'scan') {
      newPage();
      // a scanned page has no text at all: no running head, no folio
      pageEl.querySelector('.head').remove();
      pageEl.querySelector('.foot').textContent = '';
      col.appendChild(el);
      continue;
    }
    if (kind === 'title') {
      running = el.textContent;
      place(el, 90);
      if (placedOnPage === 0 || col.firstElementChild === el) pageEl.querySelector('.running').textContent = running;
      manifest.titles[running] = manifest.pages;
    } else if (kind === 'heading') place(el, 40);
    else if (kind === 'table') placeTable(el);
    else placeParagraph(el);
    placedOnPage++;
  }
  window.__manifest = manifest;
})();
`;
