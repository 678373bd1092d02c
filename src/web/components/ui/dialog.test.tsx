import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TitledDialog } from "./dialog.tsx";

afterEach(cleanup);

function Opener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open && (
        <TitledDialog
          title="Effacer ?"
          description="Cette action est irréversible."
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <button type="button">Annuler</button>
        </TitledDialog>
      )}
    </>
  );
}

describe("Dialog (DESIGN.md: dialogs trap focus and return it)", () => {
  it("opens as a modal named by its title and described by its text", () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole("button", { name: "Ouvrir" }));
    const dialog = document.querySelector("dialog");
    expect(dialog?.open).toBe(true);
    expect(screen.getByRole("dialog", { name: "Effacer ?" })).toBe(dialog);
    expect(dialog?.getAttribute("aria-describedby")).toBe(
      screen.getByText("Cette action est irréversible.").id,
    );
  });

  it("closes on Escape and gives focus back to the button that opened it", () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const opener = screen.getByRole("button", { name: "Ouvrir" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    screen.getByRole("button", { name: "Annuler" }).focus();
    // Escape on a modal <dialog> fires "cancel": the dialog asks its owner to close.
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
