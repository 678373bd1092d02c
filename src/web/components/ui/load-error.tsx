import { RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { commonText } from "#web/i18n/common.ts";
import { buttonStyles } from "./button-styles.ts";
import { Spinner } from "./spinner.tsx";
import { StateMessage } from "./state-message.tsx";

/**
 * A first load that failed (DESIGN.md: every error says what to do next): what could not be
 * loaded, the server's French message, and 'Réessayer', spinning and disabled while it retries.
 */
export function LoadError({
  title,
  text,
  retrying = false,
  onRetry,
}: {
  title: string;
  text: string;
  retrying?: boolean;
  onRetry: () => void;
}) {
  return (
    <StateMessage
      alert
      icon={TriangleAlert}
      title={title}
      text={text}
      action={<RetryButton retrying={retrying} onRetry={onRetry} />}
    />
  );
}

/** 'Réessayer', spinning and disabled while it retries. */
export function RetryButton({
  retrying,
  onRetry,
  look = "primary",
}: {
  retrying: boolean;
  onRetry: () => void;
  /** `outline` where the failure sits in a panel rather than taking the screen. */
  look?: "primary" | "outline";
}) {
  const style = look === "outline" ? buttonStyles({ variant: "outline", size: "sm" }) : buttonStyles();
  return (
    <button type="button" className={style} disabled={retrying} onClick={onRetry}>
      <RefreshCw className={retrying ? "animate-spin" : undefined} aria-hidden="true" />
      {commonText.retry}
    </button>
  );
}

/** LoadError for a TanStack query: 'Réessayer' fetches it again, spinning while it does. */
export function QueryLoadError({
  title,
  text,
  query,
}: {
  title: string;
  text: string;
  query: { isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <LoadError title={title} text={text} retrying={query.isFetching} onRetry={() => void query.refetch()} />
  );
}

/**
 * The four states of a list fed by one query — failed (with « Réessayer »), loading, empty, shown —
 * as every administration tab draws them. `children` runs only once there is something to show.
 */
export function QueryStates({
  query,
  errorTitle,
  errorText,
  isEmpty,
  empty,
  children,
}: {
  query: { isError: boolean; isPending: boolean; isFetching: boolean; refetch: () => unknown };
  errorTitle: string;
  errorText: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: () => ReactNode;
}) {
  if (query.isError) return <QueryLoadError title={errorTitle} text={errorText} query={query} />;
  if (query.isPending)
    return (
      <div className="grid place-items-center py-16">
        <Spinner />
      </div>
    );
  return isEmpty ? empty : children();
}
