// The in-page checks of layout-a11y.test.ts: what the customer-service button covers, the size
// of every tap target, the contrast of every piece of text, text that does not fit, and the
// fades of rows that scroll sideways. Each runs inside the page (page.evaluate) on the live DOM and computed styles.
import type { Page } from 'playwright-core';

export type AuditFinding = { screen: string; rule: 'covered' | 'target' | 'contrast' | 'overflow' | 'missing'; element: string; detail: string };

export type AuditOptions = {
  /** Elements exempt from the 44×44 rule, each with the reason (WCAG 2.5.8's own exceptions only). */
  targetExceptions: { selector: string; why: string }[];
};

type InPageFinding = Omit<AuditFinding, 'screen'>;

/** WCAG AA for normal text; applied to all text, large or small. */
export const contrastMin = 4.5;
/** The smallest tap target, both ways, in CSS px (WCAG 2.5.5, Apple HIG). */
export const targetMin = 44;

/** esbuild may wrap nested functions in `__name(...)`; the page has no such helper unless given one. */
const nameHelper = 'window.__name = window.__name || ((target) => target)';

/** Runs every check on the screen as it is now, then at each scroll position down the page. */
export async function auditPage(page: Page, screen: string, options: AuditOptions): Promise<AuditFinding[]> {
  await page.evaluate(nameHelper);
  const findings: InPageFinding[] = [];
  findings.push(...(await page.evaluate(targetsAndContrast, { contrastMin, targetMin, exceptions: options.targetExceptions.map((entry) => entry.selector) })));
  // The button must cover nothing wherever the page is scrolled to: every 300 px down the first
  // screens (a long list only repeats its rows after that), then the very bottom.
  const scrollBottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const stops = [...new Set([...Array.from({ length: 8 }, (_, step) => Math.min(scrollBottom, step * 300)), Math.max(0, scrollBottom)])];
  for (const top of stops) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(50);
    findings.push(...(await page.evaluate(coveredByKefu, top)));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // One finding per element and rule is enough to act on.
  const unique = new Map(findings.map((finding) => [`${finding.rule} ${finding.element}`, finding]));
  return [...unique.values()].map((finding) => ({ screen, ...finding }));
}

type Fade = { left: number; right: number };
export type RowFade = { element: string; atStart: Fade; atEnd: Fade };

/** Each row on the screen wider than its box: its edge fades at the start and at the end of its scroll. */
export async function scrollRowFades(page: Page): Promise<RowFade[]> {
  await page.evaluate(nameHelper);
  const count = await page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('main *, header *, nav')].filter((element) => {
      const style = getComputedStyle(element);
      return (style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1 && element.getBoundingClientRect().width > 0;
    });
    rows.forEach((row, index) => row.setAttribute('data-audit-row', String(index)));
    return rows.length;
  });
  const fades: RowFade[] = [];
  const fadeOf = (index: number) =>
    page.evaluate((at) => {
      const row = document.querySelector<HTMLElement>(`[data-audit-row="${at}"]`)!;
      const style = getComputedStyle(row);
      const length = (name: string) => Math.round(Number.parseInt(style.getPropertyValue(name), 10) || 0);
      return { left: length('--scroll-fade-start'), right: length('--scroll-fade-end'), element: `${row.tagName.toLowerCase()}.${row.className}` };
    }, index);
  for (let index = 0; index < count; index += 1) {
    await page.evaluate((at) => document.querySelector(`[data-audit-row="${at}"]`)!.scrollTo({ left: 0, behavior: 'instant' }), index);
    await page.waitForTimeout(100);
    const atStart = await fadeOf(index);
    await page.evaluate((at) => {
      const row = document.querySelector(`[data-audit-row="${at}"]`)!;
      row.scrollTo({ left: row.scrollWidth, behavior: 'instant' });
    }, index);
    await page.waitForTimeout(100);
    const atEnd = await fadeOf(index);
    fades.push({ element: atStart.element, atStart: { left: atStart.left, right: atStart.right }, atEnd: { left: atEnd.left, right: atEnd.right } });
  }
  return fades;
}

// ---- Runs in the page: no imports, no closures over this module. ----

function targetsAndContrast({ contrastMin, targetMin, exceptions }: { contrastMin: number; targetMin: number; exceptions: string[] }): InPageFinding[] {
  const findings: InPageFinding[] = [];
  const describe = (element: Element) => {
    const testId = element.getAttribute('data-testid') ?? element.getAttribute('data-action');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 32);
    const label = element.getAttribute('aria-label') ?? element.getAttribute('placeholder');
    const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
    return `${element.tagName.toLowerCase()}${className ? `.${className}` : ''}${testId ? `[${testId}]` : ''} "${label ?? text}"`;
  };
  const rendered = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none' && element.closest('[hidden], [aria-busy="true"]') === null;
  };

  // (b) Tap targets. A visually hidden input, a checkbox or a radio button is tapped through its label.
  const interactive = 'button, a[href], [role="tab"], [role="button"], [role="link"], [role="radio"], [role="checkbox"], [role="switch"], select, textarea, input:not([type="hidden"]), summary';
  const seen = new Set<Element>();
  for (const candidate of document.querySelectorAll(interactive)) {
    const box = candidate.getBoundingClientRect();
    const label = candidate instanceof HTMLInputElement ? (candidate.labels?.[0] ?? null) : null;
    const throughLabel = box.width <= 1 || box.height <= 1 || candidate.matches('input[type="checkbox"], input[type="radio"]');
    const target = throughLabel && label ? label : candidate;
    if (seen.has(target) || !rendered(target)) continue;
    seen.add(target);
    if (exceptions.some((selector) => target.matches(selector))) continue;
    const { width, height } = target.getBoundingClientRect();
    if (width < targetMin - 0.5 || height < targetMin - 0.5) findings.push({ rule: 'target', element: describe(target), detail: `${width.toFixed(0)}×${height.toFixed(0)} px` });
  }

  // (c) Contrast of every element that draws text of its own, against the first opaque background up its ancestors.
  type Rgba = [number, number, number, number];
  const parse = (value: string): Rgba | null => {
    const match = /rgba?\(([^)]+)\)/.exec(value);
    if (!match) return null;
    const parts = match[1]!.split(/[\s,/]+/).filter(Boolean).map((part) => Number(part));
    return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => [0, 1, 2].map((channel) => top[channel]! * top[3] + bottom[channel]! * (1 - top[3])).concat(1) as Rgba;
  const luminance = ([red, green, blue]: Rgba) => {
    const linear = (channel: number) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
  };
  const ratio = (first: Rgba, second: Rgba) => {
    const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  };
  const backgroundOf = (element: Element): Rgba | 'image' => {
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('url(')) return 'image';
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0) {
        layers.push(colour);
        if (colour[3] >= 1) break;
      }
    }
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const opacityOf = (element: Element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  };
  const check = (element: Element, colourText: string, what: string) => {
    const background = backgroundOf(element);
    const colour = parse(colourText);
    if (background === 'image' || !colour) return;
    const text = over([colour[0], colour[1], colour[2], colour[3] * opacityOf(element)], background);
    const value = ratio(text, background);
    if (value < contrastMin - 0.005) findings.push({ rule: 'contrast', element: `${describe(element)}${what}`, detail: `${value.toFixed(2)}:1 (${colourText} on rgb(${background.slice(0, 3).join(', ')}))` });
  };
  // (e) Text that does not fit: running past the screen's edge (outside a row that scrolls sideways), or cut off by its own box without an ellipsis.
  const screenWidth = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > screenWidth + 1) findings.push({ rule: 'overflow', element: 'html', detail: `the page scrolls sideways: ${document.documentElement.scrollWidth} px wide on a ${screenWidth} px screen` });
  const inScroller = (element: Element) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      const overflowX = getComputedStyle(node).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll') return true;
    }
    return false;
  };
  for (const element of document.querySelectorAll('body *')) {
    if (element.closest('svg, canvas, [aria-hidden="true"]') || !rendered(element) || inScroller(element)) continue;
    const texts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (texts.length === 0) continue;
    // The text itself, measured line by line (a block's own box does not grow with text that spills out of it).
    const range = document.createRange();
    const past = texts.some((node) => {
      range.selectNodeContents(node);
      return [...range.getClientRects()].some((line) => line.width > 0 && (line.right > screenWidth + 1 || line.left < -1));
    });
    const style = getComputedStyle(element);
    if (past) findings.push({ rule: 'overflow', element: describe(element), detail: `text runs past the ${screenWidth} px screen` });
    else if (style.display !== 'inline' && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis') {
      const clipped = style.overflowX === 'hidden' || style.overflowX === 'clip';
      findings.push({ rule: 'overflow', element: describe(element), detail: `${clipped ? 'text cut off' : 'text spills out of its box'}: ${element.scrollWidth} px in ${element.clientWidth} px` });
    }
  }
  for (const element of document.querySelectorAll('body *')) {
    if (element.closest('svg, canvas, [aria-hidden="true"]') || !rendered(element)) continue;
    // A disabled control is exempt from contrast (WCAG 1.4.3 "inactive user interface component").
    if (element.closest(':disabled, [aria-disabled="true"]')) continue;
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (ownText) check(element, getComputedStyle(element).color, '');
    if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.placeholder && element.value === '') {
      check(element, getComputedStyle(element, '::placeholder').color, ' (placeholder)');
    }
  }
  return findings;
}

/**
 * (a) What lies under the customer-service button. Content that has scrolled under the sticky
 * header the button is docked in is hidden by that header, as on any page, not by the button.
 */
function coveredByKefu(scrollTop: number): InPageFinding[] {
  const kefus = [...document.querySelectorAll('[data-testid="kefu-button"]')];
  if (kefus.length !== 1) return [{ rule: 'missing', element: 'customer-service button', detail: `${kefus.length} on the screen` }];
  const kefu = kefus[0]!;
  const box = kefu.getBoundingClientRect();
  if (box.width === 0 || box.bottom <= 0 || box.top >= window.innerHeight) return [];
  // Under an open dialog's backdrop the button covers nothing.
  const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!onTop || !kefu.contains(onTop)) return [];
  let dock: Element | null = null;
  for (let node = kefu.parentElement; node; node = node.parentElement) {
    const position = getComputedStyle(node).position;
    if (position === 'sticky' || position === 'fixed') {
      dock = node;
      break;
    }
  }
  const findings: InPageFinding[] = [];
  const candidates = document.querySelectorAll('body *');
  for (const element of candidates) {
    if (element === kefu || kefu.contains(element) || element.contains(kefu) || element.closest('svg, canvas')) continue;
    if (dock && !dock.contains(element)) continue;
    const interactive = element.matches('button, a[href], input, select, textarea, [role="tab"], [role="button"], [data-testid]');
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (!interactive && !ownText) continue;
    const other = element.getBoundingClientRect();
    if (other.width <= 1 || other.height <= 1) continue;
    const overlapWidth = Math.min(box.right, other.right) - Math.max(box.left, other.left);
    const overlapHeight = Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top);
    if (overlapWidth > 0.5 && overlapHeight > 0.5) {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 32);
      const testId = element.getAttribute('data-testid') ?? element.getAttribute('data-action') ?? '';
      findings.push({ rule: 'covered', element: `${element.tagName.toLowerCase()}${testId ? `[${testId}]` : ''} "${element.getAttribute('aria-label') ?? text}"`, detail: `under the button at scroll ${scrollTop}` });
    }
  }
  return findings;
}
