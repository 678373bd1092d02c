import { LockKeyhole } from "lucide-react";
import type { ReactNode } from "react";
import type { SessionUser } from "#contract/auth";
import { useSession } from "#web/lib/session/use-session.ts";
import { pageGutter } from "./layout.ts";
import { StateMessage } from "./state-message.tsx";

/** What a visitor is told on a member-only screen: why, and the way to /login. */
export interface SignedOutTexts {
  /** The screen's own title, shown above the message; without it the message's title is the h1. */
  heading?: string | undefined;
  title: string;
  text: string;
  signIn: string;
}

const widths = { full: "", wide: "mx-auto max-w-6xl", narrow: "mx-auto max-w-4xl" } as const;

/** A member-only screen seen by a visitor: its title, why, and the way to /login. */
export function SignInRequired({ heading, title, text, signIn }: SignedOutTexts) {
  const message = (
    <StateMessage
      icon={LockKeyhole}
      headingLevel={heading ? 2 : 1}
      title={title}
      text={text}
      link={{ to: "/login", label: signIn }}
    />
  );
  if (!heading) return message;
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{heading}</h1>
      <div className="mt-8">{message}</div>
    </>
  );
}

/**
 * The frame of a screen only members see (spec §2 Ma liste, Historique, Profil, Paramètres): the
 * page's gutters and width, the member's content, or for a visitor the way to sign in (the screen
 * never redirects: spec §2 gate).
 */
export function MemberScreen({
  width = "full",
  signedOut,
  children,
}: {
  width?: keyof typeof widths;
  signedOut: SignedOutTexts;
  children: (user: SessionUser) => ReactNode;
}) {
  const { user } = useSession();
  return (
    <section className={`${pageGutter} ${widths[width]} pt-24 pb-20 lg:pt-28`}>
      {user ? children(user) : <SignInRequired {...signedOut} />}
    </section>
  );
}
