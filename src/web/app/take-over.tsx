import { type ReactNode, useEffect, useState } from "react";

/**
 * The app's outermost element (no box of its own). A page the server drew (decision 061) is inert
 * until the app has taken it over: the server draws it so (entry-server.tsx), the app's first render
 * matches it, and the app lets it be used once its effects run — a click before that would land on
 * markup that does nothing yet.
 */
export function TakeOver({ drawn, children }: { drawn: boolean; children: ReactNode }) {
  const [inert, setInert] = useState(drawn);
  useEffect(() => {
    if (inert) setInert(false);
  }, [inert]);
  return (
    <div className="contents" inert={inert}>
      {children}
    </div>
  );
}
