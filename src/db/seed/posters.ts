import { createHash } from "node:crypto";

/**
 * Deterministic posters (2:3) and backdrops (16:9) drawn as SVG from the title, the main category
 * colour and a hash of the slug: cinematic gradients, a few abstract shapes, the title in large type.
 */
export interface PosterInput {
  slug: string;
  title: string;
  year: number;
  type: "movie" | "series";
  color: string;
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string,
  );

function bytes(slug: string): number[] {
  return [...createHash("sha256").update(slug).digest()];
}

function hexToHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

/** Wraps a title on words into at most `maxLines` lines of about `width` characters. */
export function wrapTitle(title: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

function palette(v: PosterInput) {
  const b = bytes(v.slug);
  const [h, s] = hexToHsl(v.color);
  const shift = ((b[0] ?? 0) % 40) - 20;
  return {
    b,
    top: `hsl(${(h + shift + 360) % 360} ${Math.min(80, s + 5)}% 34%)`,
    mid: `hsl(${(h + shift + 330) % 360} ${Math.min(70, s)}% 16%)`,
    glow: `hsl(${(h + 25) % 360} 90% 62%)`,
  };
}

function shapes(b: number[], w: number, h: number, glow: string): string {
  const out: string[] = [];
  for (let i = 0; i < 4; i++) {
    const cx = ((b[1 + i * 3] ?? 0) / 255) * w;
    const cy = ((b[2 + i * 3] ?? 0) / 255) * h * 0.7;
    const r = 40 + ((b[3 + i * 3] ?? 0) / 255) * w * 0.45;
    out.push(
      `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${glow}" opacity="${(0.06 + i * 0.03).toFixed(2)}"/>`,
    );
  }
  const y = (0.35 + ((b[14] ?? 0) / 255) * 0.25) * h;
  out.push(
    `<path d="M0 ${y.toFixed(0)} Q ${w / 2} ${(y - h * 0.12).toFixed(0)} ${w} ${y.toFixed(0)}" stroke="${glow}" stroke-width="2" fill="none" opacity="0.35"/>`,
  );
  return out.join("");
}

const FONT = 'font-family="Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';

export function posterSvg(v: PosterInput): string {
  const [w, h] = [400, 600];
  const p = palette(v);
  const lines = wrapTitle(v.title, 14, 3);
  const size = lines.some((l) => l.length > 11) ? 40 : 48;
  const startY = h - 110 - (lines.length - 1) * (size + 6);
  const text = lines
    .map(
      (l, i) =>
        `<text x="28" y="${startY + i * (size + 6)}" font-size="${size}" font-weight="800" fill="#fff" ${FONT}>${escapeXml(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(v.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${p.top}"/><stop offset="0.6" stop-color="${p.mid}"/><stop offset="1" stop-color="#08080b"/></linearGradient>
<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes(p.b, w, h, p.glow)}<rect width="${w}" height="${h}" fill="url(#f)"/>
${text}<text x="28" y="${h - 40}" font-size="18" fill="#d6d6de" ${FONT}>${v.year}</text></svg>
`;
}

export function backdropSvg(v: PosterInput): string {
  const [w, h] = [1280, 720];
  const p = palette(v);
  // No title here: the hero sets it in real text over this image.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(v.title)}">
<defs><radialGradient id="g" cx="0.7" cy="0.35" r="0.9"><stop offset="0" stop-color="${p.top}"/><stop offset="0.55" stop-color="${p.mid}"/><stop offset="1" stop-color="#08080b"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes(p.b, w, h, p.glow)}</svg>
`;
}
