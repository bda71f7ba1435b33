// Every text under `rootSel` fits its box: [kind, where, words] for each that does not (tests/app/test_text_fit_browser.py).
//  - "cut": a line of text of the page reaches past the box of an element that hides its overflow (ellipsis included;
//    an element that scrolls shows all of it), or a dropdown's chosen words are wider than the dropdown;
//  - "overlap": two lines of text of different elements of the page cover each other;
//  - "figure-cut": a plotly figure's text reaches past the figure, or past the filled shape (a tile, a space, a box)
//    it is written in (the smallest that holds its middle);
//  - "figure-overlap": two texts of a figure cover each other (by a quarter of their height at least: a text's box
//    holds its line's whole height), or a text covers a mark of a trace named in MARKS (a count over the bars it counts).
(rootSel) => {
  const MARKS = {'lying-counts': ['lying']};
  const root = document.querySelector(rootSel), out = [];
  const hides = v => v === 'hidden' || v === 'clip';
  const scrolls = v => v === 'auto' || v === 'scroll';
  const name = e => String(e.className && e.className.baseVal !== undefined ? e.className.baseVal : e.className || e.tagName);
  const words = s => (s || '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const meets = (a, b, dy) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > dy;
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
    && getComputedStyle(e).opacity !== '0';
  const inside = (r, box) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1
    && r.bottom <= box.bottom + 1;
  const inPlot = e => e.closest('.js-plotly-plot');
  // -- the page's text: each line of each text node, and the boxes that clip it
  const lines = [], walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || inPlot(e) || e.closest('style, script, option, select') || !shown(e)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = Array.from(range.getClientRects()).filter(r => r.width > 0.5 && r.height > 0.5);
    let cut = null, unseen = false;
    for (let a = e, x = true, y = true; a && a !== document.body && (x || y); a = a.parentElement) {
      const s = getComputedStyle(a), r = a.getBoundingClientRect();
      if (s.display === 'inline' || s.display === 'contents') continue;          // no box of its own
      if ((hides(s.overflowX) || hides(s.overflowY)) && (a.clientWidth <= 2 || a.clientHeight <= 2)) {
        unseen = true;                                                          // for screen readers only
        break;
      }
      const box = {left: r.left + a.clientLeft, top: r.top + a.clientTop};
      box.right = box.left + a.clientWidth;
      box.bottom = box.top + a.clientHeight;
      if ((x && hides(s.overflowX) && rects.some(q => q.right > box.right + 1 || q.left < box.left - 1))
          || (y && hides(s.overflowY) && rects.some(q => q.bottom > box.bottom + 1 || q.top < box.top - 1))) {
        cut = a;
        break;
      }
      x = x && !scrolls(s.overflowX);
      y = y && !scrolls(s.overflowY);
    }
    if (unseen) continue;
    if (cut) out.push(['cut', name(cut), words(cut.innerText || n.textContent)]);
    else rects.forEach(r => lines.push([r, n]));
  }
  // an ellipsis: Chromium lays the text out whole and draws the ellipsis over its end
  for (const e of root.querySelectorAll('*')) {
    if (inPlot(e) || !shown(e) || e.clientWidth <= 2) continue;
    const s = getComputedStyle(e);
    if (s.textOverflow === 'ellipsis' && !scrolls(s.overflowX) && e.scrollWidth > e.clientWidth + 1)
      out.push(['cut', name(e), words(e.innerText)]);
  }
  const ctx = document.createElement('canvas').getContext('2d');
  for (const e of root.querySelectorAll('select')) {
    if (!shown(e) || e.selectedIndex < 0 || e.size > 1 || e.multiple) continue;
    const s = getComputedStyle(e), text = e.options[e.selectedIndex].text;
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    if (ctx.measureText(text).width > e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) + 1)
      out.push(['cut', 'select in ' + name(e.parentElement), words(text)]);
  }
  lines.sort((a, b) => a[0].top - b[0].top);
  for (let i = 0; i < lines.length; i++)
    for (let j = i + 1; j < lines.length && lines[j][0].top < lines[i][0].bottom; j++)
      if (lines[i][1] !== lines[j][1] && meets(lines[i][0], lines[j][0], 1))
        out.push(['overlap', name(lines[i][1].parentElement) + ' / ' + name(lines[j][1].parentElement),
                  words(lines[i][1].textContent) + ' / ' + words(lines[j][1].textContent)]);
  // -- the figures
  for (const gd of root.querySelectorAll('.js-plotly-plot')) {
    if (!shown(gd) || !gd.querySelector('.main-svg')) continue;
    const paper = gd.querySelector('.main-svg').getBoundingClientRect();
    const title = words((gd.querySelector('.gtitle') || {}).textContent || 'a figure');
    const traceOf = e => { const g = e.closest('.trace'); const d = g && g.__data__; return d && d[0] && d[0].trace && d[0].trace.name; };
    const texts = Array.from(gd.querySelectorAll('text')).filter(t => t.textContent.trim() && shown(t)
      && !t.closest('.hoverlayer, .modebar')).map(t => [t.getBoundingClientRect(), t]).filter(([r]) => r.width > 0);
    // the filled shapes: each closed piece of each fill's path, as a box on the page
    const shapes = [];
    for (const path of gd.querySelectorAll('.scatterlayer .js-fill')) {
      const m = path.getScreenCTM();
      if (!m || !shown(path)) continue;
      for (const piece of (path.getAttribute('d') || '').split('M').filter(Boolean)) {
        const xy = (piece.match(/-?[\d.]+(e-?\d+)?/g) || []).map(Number);
        const box = {left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity};
        for (let k = 0; k + 1 < xy.length; k += 2) {
          const x = m.a * xy[k] + m.c * xy[k + 1] + m.e, y = m.b * xy[k] + m.d * xy[k + 1] + m.f;
          box.left = Math.min(box.left, x); box.right = Math.max(box.right, x);
          box.top = Math.min(box.top, y); box.bottom = Math.max(box.bottom, y);
        }
        if (box.right > box.left) shapes.push(box);
      }
    }
    for (const [r, t] of texts) {
      const mx = (r.left + r.right) / 2, my = (r.top + r.bottom) / 2;
      const holders = shapes.filter(b => b.left <= mx && mx <= b.right && b.top <= my && my <= b.bottom);
      const holder = holders.sort((a, b) => (a.right - a.left) * (a.bottom - a.top) - (b.right - b.left) * (b.bottom - b.top))[0];
      if (!inside(r, paper)) out.push(['figure-cut', title, words(t.textContent)]);
      else if (holder && !inside(r, holder)) out.push(['figure-cut', title, words(t.textContent) + ' (its box)']);
    }
    const same = (a, b) => a[1].textContent === b[1].textContent && Math.abs(a[0].left - b[0].left) < 1
      && Math.abs(a[0].top - b[0].top) < 1;               // a text drawn again over itself (a mark over a space)
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const [a, s] = texts[i], [b, t] = texts[j];
        if (!s.contains(t) && !t.contains(s) && !same(texts[i], texts[j])
            && meets(a, b, Math.min(a.bottom - a.top, b.bottom - b.top) / 4))
          out.push(['figure-overlap', title, words(s.textContent) + ' / ' + words(t.textContent)]);
      }
    for (const [r, t] of texts)
      for (const marks of MARKS[traceOf(t)] || [])
        for (const g of gd.querySelectorAll('.scatterlayer .trace'))
          if (traceOf(g) === marks)
            for (const p of g.querySelectorAll('path.point')) {
              const b = p.getBoundingClientRect(), w = (parseFloat(p.style.strokeWidth) || 0) / 2;   // a bar: a line
              if (meets(r, {left: b.left - w, right: b.right + w, top: b.top - w, bottom: b.bottom + w}, 1)) out.push(['figure-overlap', title, words(t.textContent) + ' / a mark of ' + marks]);
            }
  }
  return Array.from(new Set(out.map(JSON.stringify)), JSON.parse);
}
