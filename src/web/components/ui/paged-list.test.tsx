import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminText } from "#web/i18n/admin.ts";
import { ApiRequestError } from "#web/lib/api.ts";
import { PagedList } from "./paged-list.tsx";

afterEach(cleanup);

const query = (over: Partial<Parameters<typeof PagedList>[0]["list"]>) => ({
  isError: false,
  isPending: false,
  isFetching: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

function List(props: { list: ReturnType<typeof query>; offset?: number; onOffset?: (o: number) => void }) {
  return (
    <PagedList
      list={props.list}
      texts={adminText}
      isEmpty={(props.list.data?.total ?? 0) === 0}
      empty={<p>Aucun membre</p>}
      offset={props.offset ?? 0}
      limit={20}
      onOffset={props.onOffset ?? (() => {})}
    >
      {() => <p>Les lignes</p>}
    </PagedList>
  );
}

describe("an administration list of pages", () => {
  it("says what failed with the server's message and fetches again on « Réessayer »", () => {
    const error = new ApiRequestError({
      code: "SERVICE_UNAVAILABLE",
      message: "Service momentanément indisponible.",
      status: 503,
      fromServer: true,
    });
    const list = query({ isError: true, error });
    render(<List list={list} />);
    expect(screen.getByText(adminText.loadFailed)).toBeTruthy();
    expect(screen.getByText("Service momentanément indisponible.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(list.refetch).toHaveBeenCalledOnce();
    expect(screen.queryByText("Les lignes")).toBeNull();
  });

  it("shows its empty state, and no pager, when the query found nothing", () => {
    render(<List list={query({ data: { total: 0 } })} />);
    expect(screen.getByText("Aucun membre")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("draws the rows with where one is among the pages, and moves to the next page", () => {
    const onOffset = vi.fn();
    render(<List list={query({ data: { total: 45 } })} offset={20} onOffset={onOffset} />);
    expect(screen.getByText("Les lignes")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Page 2 sur 3" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Page suivante/ }));
    expect(onOffset).toHaveBeenCalledWith(40);
  });

  it("holds no pager when everything fits on one page, and is busy while a page is fetched", () => {
    const { container } = render(<List list={query({ data: { total: 12 }, isFetching: true })} />);
    expect(screen.getByText("Les lignes")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(container.firstElementChild?.getAttribute("aria-busy")).toBe("true");
  });
});
