import { act, cleanup, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { toast } from "#web/lib/toast.ts";
import { Dialog } from "./dialog.tsx";
import { ToasterHost } from "./toaster-host.tsx";

afterEach(cleanup);

describe("the toaster loaded after the first screen", () => {
  it("shows a toast asked for before the toaster was loaded, then the ones asked for after", async () => {
    // Nothing is drawn before the page is idle or a toast is wanted.
    const { container } = render(<ToasterHost />);
    expect(container.querySelector("[data-sonner-toaster]")).toBeNull();

    act(() => toast.success("Ajouté à Ma liste", "« Le Grand Bleu »"));
    expect(await screen.findByText("Ajouté à Ma liste")).toBeTruthy();
    expect(screen.getByText("« Le Grand Bleu »")).toBeTruthy();

    act(() => toast.error("Échec de l'enregistrement"));
    expect(await screen.findByText("Échec de l'enregistrement")).toBeTruthy();
    expect(screen.getByRole("region", { name: /Notifications/ })).toBeTruthy();
  });
});

/** A page with the toaster and a modal dialog whose button raises a toast. */
function PageWithDialog() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <ToasterHost />
      {open && (
        <Dialog labelledBy="titre" onClose={() => setOpen(false)} className="">
          <h2 id="titre">Le Grand Bleu</h2>
          <button type="button" onClick={() => toast.success("Lien copié")}>
            Partager
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Fermer
          </button>
        </Dialog>
      )}
    </>
  );
}

describe("toasts over a modal dialog", () => {
  it("draws a toast raised in an open modal dialog inside it (above its backdrop), and keeps it on screen when the dialog closes", async () => {
    render(<PageWithDialog />);
    const dialog = screen.getByRole("dialog", { name: "Le Grand Bleu" });
    act(() => screen.getByRole("button", { name: "Partager" }).click());
    const shown = await screen.findByText("Lien copié");
    // A modal dialog makes everything outside it inert and hides it behind its backdrop: the toast
    // must be within the dialog to be seen and reached.
    expect(dialog.contains(shown)).toBe(true);

    act(() => screen.getByRole("button", { name: "Fermer" }).click());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Lien copié")).toBeTruthy();
  });
});
