import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionUser } from "#contract/auth";
import { UserAvatar } from "./user-avatar.tsx";

afterEach(cleanup);

const member = (avatar: string | null): SessionUser =>
  ({ id: "u1", username: "zoé", email: "zoe@orange.fr", avatar, role: "membre" }) as SessionUser;

describe("the header's avatar", () => {
  it("shows the built-in avatar the member picked, not their initial", () => {
    const { container } = render(<UserAvatar user={member("builtin:clap")} />);
    expect(container.querySelector("svg")).not.toBeNull();
    expect(container.textContent).not.toContain("Z");
  });

  it("shows the initial when the member has no avatar", () => {
    const { container } = render(<UserAvatar user={member(null)} />);
    expect(container.textContent).toBe("Z");
    expect(container.querySelector("svg")).toBeNull();
  });
});
