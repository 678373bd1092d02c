/**
 * A one-page PDF of a receipt's lines (docs/decisions/043-receipts.md), written by hand: PDF 1.4,
 * one page, the standard Helvetica font in WinAnsiEncoding (French accents included), no dependency.
 */

/** WinAnsi (Windows-1252) bytes of a text, as a PDF string literal's escaped content. */
function pdfString(text: string): string {
  // Windows-1252's places for the euro sign, quotes, dashes, the ellipsis and the oe ligatures
  // (Latin-1 for the rest).
  const special: Record<string, number> = {
    "\u20ac": 0x80,
    "\u2026": 0x85,
    "\u2018": 0x91,
    "\u2019": 0x92,
    "\u201c": 0x93,
    "\u201d": 0x94,
    "\u2013": 0x96,
    "\u2014": 0x97,
    "\u0153": 0x9c,
    "\u0152": 0x8c,
  };
  let out = "";
  for (const ch of text.replace(/[\u202f\u00a0]/g, " ")) {
    const code = special[ch] ?? ch.charCodeAt(0);
    if (code > 0xff) out += "?";
    else if (ch === "(" || ch === ")" || ch === "\\") out += `\\${ch}`;
    else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += ch;
  }
  return out;
}

/**
 * The longest line the page holds at 11 pt between its 56 pt margins (483 pt): Helvetica's widest
 * lower-case letters take 0.56 em, so 78 characters always fit; longer lines break between words.
 */
const LINE_CHARS = 78;

/** A line broken between words so that each part fits the page (a word longer than a line is kept). */
export function wrapLine(line: string, max = LINE_CHARS): string[] {
  const parts: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    if (current && current.length + 1 + word.length > max) {
      parts.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  parts.push(current);
  return parts;
}

export function receiptPdf(title: string, lines: string[]): Buffer {
  const content = [
    "BT",
    "/F1 18 Tf",
    "56 780 Td",
    `(${pdfString(title)}) Tj`,
    "/F1 11 Tf",
    "0 -34 Td",
    ...lines.flatMap((l) => wrapLine(l)).flatMap((l) => [`(${pdfString(l)}) Tj`, "0 -18 Td"]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
