import { describe, expect, it } from "vitest";
import { receiptPdf, wrapLine } from "./receipt-pdf.ts";

describe("receipt PDF", () => {
  it("writes the em dash, quotes and ellipsis in WinAnsi instead of « ? »", () => {
    const pdf = receiptPdf("Bobine — Reçu n° BOB-2026-000001", ["« Premium » … l’accès – mensuel"]).toString(
      "latin1",
    );
    expect(pdf).toContain("(Bobine \\227 Re\\347u n\\260 BOB-2026-000001) Tj");
    expect(pdf).toContain("\\253 Premium \\273 \\205 l\\222acc\\350s \\226 mensuel");
    expect(pdf).not.toContain("?");
  });

  it("breaks a line longer than the page between words, every part within 78 characters", () => {
    const waiver =
      "Vous avez demandé que l'accès commence immédiatement et renoncé à votre droit de rétractation de 14 jours.";
    const parts = wrapLine(waiver);
    expect(parts.length).toBe(2);
    expect(parts.join(" ")).toBe(waiver);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(78);
    const pdf = receiptPdf("Reçu", [waiver]).toString("latin1");
    expect(pdf).toContain("14 jours.) Tj");
  });

  it("keeps a short line whole", () => {
    expect(wrapLine("Montant TTC payé : 13,99 €")).toEqual(["Montant TTC payé : 13,99 €"]);
  });
});
