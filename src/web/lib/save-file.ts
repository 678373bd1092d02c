/**
 * Hands a file to the browser's downloads under `name` (DESIGN.md: exports end in a download).
 * The object URL outlives the click a little: some browsers read it after the event.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
