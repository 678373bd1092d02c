import { LockKeyhole } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "./button-styles.ts";
import { StateMessage } from "./state-message.tsx";

/** A member-only screen seen by a visitor: its title, why, and the way to /login. */
export function SignInRequired({
  heading,
  title,
  text,
  signIn,
}: {
  heading: string;
  title: string;
  text: string;
  signIn: string;
}) {
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{heading}</h1>
      <div className="mt-8">
        <StateMessage
          icon={LockKeyhole}
          title={title}
          text={text}
          action={
            <Link to="/login" className={buttonStyles()}>
              {signIn}
            </Link>
          }
        />
      </div>
    </>
  );
}
