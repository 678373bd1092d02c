import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { toast } from "#web/lib/toast.ts";
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
