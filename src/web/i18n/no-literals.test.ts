// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * ARCHITECTURE rule 1: a French text shown to people is written once — the screens' texts in
 * src/web/i18n, the server's messages in the contract. This test fails on a French literal
 * anywhere else in src/web. The heuristic (documented in docs/decisions/010): a string literal,
 * a template literal's text or a JSX text that holds an accented letter, or one of the common
 * French words below as a whole word. Comments are not read (the TypeScript parser skips them);
 * module names and tests (whose data may be French) are left out.
 */
const FRENCH_WORDS = [
  "le",
  "la",
  "les",
  "un",
  "une",
  "des",
  "du",
  "de",
  "et",
  "est",
  "sont",
  "pour",
  "avec",
  "sans",
  "dans",
  "sur",
  "vous",
  "votre",
  "vos",
  "nous",
  "mes",
  "mon",
  "ma",
  "ce",
  "cette",
  "ces",
  "qui",
  "que",
  "pas",
  "aucun",
  "aucune",
  "plus",
  "voir",
  "tout",
  "tous",
  "lecture",
  "erreur",
  "connexion",
  "retour",
];
const accented = /[À-ÖØ-öø-ÿŒœ]/;
/** A word stands between spaces or punctuation, not inside a class name (font-sans) or a colour (#c2ce). */
const word = new RegExp(`(^|[\\s«"'(])(${FRENCH_WORDS.join("|")})(?=$|[\\s,.;:!?»"')…])`, "iu");

const looksFrench = (text: string): boolean => accented.test(text) || word.test(text);

const web = path.resolve(import.meta.dirname, "..");
const texts = path.join(web, "i18n");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === texts ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The literal texts of one file that look French, with their line. */
function frenchLiterals(file: string): string[] {
  const code = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      text = node.text;
    else if (ts.isJsxText(node)) text = node.text.trim();
    if (text && looksFrench(text)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${path.relative(web, file)}:${line} ${JSON.stringify(text)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("French texts live in src/web/i18n (ARCHITECTURE rule 1)", () => {
  it("recognises French and leaves code alone", () => {
    expect(looksFrench("Déjà en favoris")).toBe(true);
    expect(looksFrench("Voir plus")).toBe(true);
    expect(looksFrench("flex items-center gap-3 text-muted")).toBe(false);
    expect(looksFrench("fr-FR")).toBe(false);
    expect(looksFrench("font-sans bg-[#b9c2ce]")).toBe(false);
    expect(looksFrench("application/json")).toBe(false);
  });

  it("finds no French literal in src/web outside src/web/i18n", () => {
    expect(sources(web).flatMap(frenchLiterals)).toEqual([]);
  });
});
