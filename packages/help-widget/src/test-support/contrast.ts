// Colour contrast as the theme tests measure it: happy-dom computes styles with the shadow root's sheets, `var()`
// and `prefers-color-scheme`, so the panel's real CSS is measured.

/** A system colour scheme. */
export type Scheme = 'light' | 'dark';
/** happy-dom's device settings (the system colour scheme). */
export const device = () =>
  (window as unknown as { happyDOM: { settings: { device: { prefersColorScheme: Scheme } } } }).happyDOM
    .settings.device;

/** A CSS colour (hex or rgb[a]) as [r, g, b, a]. */
export function rgb(color: string): [number, number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)).concat(1) as [
      number,
      number,
      number,
      number,
    ];
  }
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(color)?.[1]
    ?.split(/[\s,/]+/)
    .map(Number);
  if (parts && parts.length >= 3) return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
  return undefined;
}

/** The colour behind `element`: its own background, else its parents', alpha blended, down to the panel's. */
export function backgroundOf(element: Element | null): [number, number, number] {
  const layers: [number, number, number, number][] = [];
  for (let at = element; at; at = at.parentElement) {
    const color = rgb(getComputedStyle(at).backgroundColor);
    if (!color || color[3] === 0) continue;
    layers.push(color);
    if (color[3] === 1) break;
  }
  return layers.reduceRight<[number, number, number]>(
    (below, [r, g, b, a]) => [
      r * a + below[0] * (1 - a),
      g * a + below[1] * (1 - a),
      b * a + below[2] * (1 - a),
    ],
    [255, 255, 255],
  );
}

/** The WCAG contrast ratio of two colours. */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = (color: [number, number, number]) => {
    const [r, g, b] = color.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Every visible element with text of its own, with the contrast of its text against what is behind it. */
export function textContrasts(root: ShadowRoot): Array<[string, number]> {
  return Array.from(root.querySelectorAll<HTMLElement>('.panel, .panel *'))
    .filter(
      (element) =>
        !element.closest('[hidden], .sr') &&
        !(element as HTMLButtonElement).disabled &&
        Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim()),
    )
    .map((element) => {
      const color = rgb(getComputedStyle(element).color);
      const ratio = color
        ? contrast(color.slice(0, 3) as [number, number, number], backgroundOf(element))
        : 0;
      return [`${element.tagName.toLowerCase()}.${element.className}`, Math.round(ratio * 100) / 100];
    });
}
