import { useParams } from "react-router";
import { ErrorScreen } from "#web/features/errors/components/error-screen.tsx";

/** /error/:errorCode — spec §2 "Error page"; an unknown code shows the unknown error. */
export default function ErrorRoute() {
  const { errorCode } = useParams();
  return <ErrorScreen code={errorCode} />;
}
