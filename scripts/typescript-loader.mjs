// How `npm start` and `npm run worker` run the server's TypeScript (docs/decisions/063): Node's
// own type stripping when this Node has it (22.18 and later, so every supported Node: the sources
// use erasable syntax only, tsconfig's erasableSyntaxOnly), the tsx loader otherwise (a Node run
// with --no-experimental-strip-types). Stripping only erases the types: no transform of the code
// (tsx's esbuild wraps every named inner function in a helper call, measured on the search's
// ranking), and nothing to compile at start.
export async function loadTypeScript() {
  if (process.features.typescript) return;
  const { register } = await import("tsx/esm/api");
  register();
}
