import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { BrowserRouter, Link, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useGoBack } from "./use-go-back.ts";

afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Player() {
  const goBack = useGoBack();
  return (
    <button type="button" onClick={goBack}>
      Retour
    </button>
  );
}

function App() {
  return (
    <BrowserRouter>
      <Where />
      <Routes>
        <Route path="/" element={<p>Accueil</p>} />
        <Route path="/browse" element={<Link to="/video/v1">Lecture</Link>} />
        <Route path="/video/:id" element={<Player />} />
      </Routes>
    </BrowserRouter>
  );
}

describe("« Retour »", () => {
  it("goes home when the page was the first one opened, instead of leaving Bobine", async () => {
    window.history.replaceState(null, "", "/video/v1");
    render(<App />);
    fireEvent.click(screen.getByRole("button", { name: "Retour" }));
    expect((await screen.findByText("Accueil")).textContent).toBe("Accueil");
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("goes back to the page before when there is one", async () => {
    window.history.replaceState(null, "", "/browse");
    render(<App />);
    fireEvent.click(screen.getByRole("link", { name: "Lecture" }));
    expect(screen.getByTestId("where").textContent).toBe("/video/v1");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retour" }));
      await new Promise((done) => setTimeout(done, 50));
    });
    expect(screen.getByTestId("where").textContent).toBe("/browse");
  });
});
