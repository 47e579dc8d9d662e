/**
 * A small square of a colour. Drawn as SVG with a `fill` attribute because the CSP forbids
 * inline style attributes (style-src 'self'); nothing is shown for a value that is not #rrggbb.
 */
export function ColorSwatch({ color, large = false }: { color: string; large?: boolean }) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(color);
  return (
    <svg className={large ? "color-swatch color-swatch-large" : "color-swatch"} viewBox="0 0 1 1" aria-hidden="true" focusable="false">
      <rect width="1" height="1" fill={valid ? color : "none"} />
    </svg>
  );
}
