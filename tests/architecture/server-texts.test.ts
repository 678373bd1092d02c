import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * One home per French text (docs/decisions/009-boundaries.md): what the server says to people is
 * written in the contract's message tables (`errorMessages`, `authMessages`, `streamMessages`,
 * `operatorMessages`…), so the web can show the same words and tests can compare with them. The
 * one exception is the mail templates, files named `*.mails.ts`, whose French is long prose that
 * no screen repeats.
 *
 * Heuristic, on string literals and template texts only (comments and identifiers are left out):
 * a French accented letter, a guillemet, or a French word that code never spells. It errs on the
 * side of silence (a French sentence without any of them passes), never of noise.
 */

const serverDir = path.resolve(import.meta.dirname, "../../src/server");
const allowed = (file: string) => file.endsWith(".mails.ts") || file.endsWith(".test.ts");

const FRENCH_LETTERS = /[àâçéèêëîïôùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛÜŸŒÆ«»]/;
const FRENCH_WORDS =
  /\b(vous|votre|vos|veuillez|aucune?|avec|dans|sans|pour|une|des|les|est|sont|pas|introuvable|impossible|erreur|requise?|refusée?|utilisateur|administrateur|abonnement|connexion|inscription|bienvenue)\b/i;

const isFrench = (text: string) => FRENCH_LETTERS.test(text) || FRENCH_WORDS.test(text);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // import-boundaries.test.ts writes short-lived probe files into src/server while it runs, maybe
    // at the same moment in another worker: they are not sources (and may be gone when read).
    return entry.name.endsWith(".ts") && !entry.name.startsWith("boundary-probe-") ? [full] : [];
  });
}

/**
 * Every string literal and piece of template text of a file, with its line, as written in the
 * source (an escaped character table such as the Windows-1252 one of shared/subtitles.ts is not prose).
 */
function literalsOf(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ line, text: node.getText(source).replace(/^[`"'}]|(\$\{|[`"'])$/g, "") });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("French texts on the server", () => {
  it("recognises French and leaves code alone", () => {
    expect(isFrench("Accès refusé")).toBe(true);
    expect(isFrench("Veuillez remplir tous les champs")).toBe(true);
    expect(isFrench("select id from videos where title_fold like $1")).toBe(false);
    expect(isFrench("text/vtt; charset=utf-8")).toBe(false);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample source holds a template literal.
    expect(literalsOf("x.ts", '// Accès refusé\nconst a = "ok"; const b = `Accès ${a} refusé`;')).toEqual([
      { line: 2, text: "ok" },
      { line: 2, text: "Accès " },
      { line: 2, text: " refusé" },
    ]);
  });

  it("are only in the mail templates: every other text comes from the contract's tables", () => {
    const offenders = sourceFiles(serverDir)
      .filter((file) => !allowed(file))
      .flatMap((file) =>
        literalsOf(file, fs.readFileSync(file, "utf8"))
          .filter((l) => isFrench(l.text))
          .map((l) => `${path.relative(serverDir, file)}:${l.line} « ${l.text} »`),
      );
    expect(offenders).toEqual([]);
  });
});
