import { ArrowLeft, CircleCheck, RotateCw, ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { authMessages, codeSchema, type SessionUser } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { SubmitButton } from "#web/components/ui/submit-button.tsx";
import { authText } from "#web/i18n/auth.ts";
import { isApiRequestError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useSendCode, useVerifyCode } from "../hooks/use-auth-actions.ts";
import { formatCountdown, useCountdown } from "../hooks/use-countdown.ts";
import { codeValue, emptyCode, isCodeComplete } from "./code-digits.ts";
import { CodeInput, type CodeInputHandle } from "./code-input.tsx";

/** spec §9: "verified redirect 1 s". */
const CONTINUE_AFTER_MS = 1000;

/** What the code screen shows for a refused verification (spec §8: 'Code invalide ou expiré'). */
export function verifyErrorMessage(error: unknown): string {
  if (isApiRequestError(error)) {
    // The username was taken meanwhile by someone who verified first: the code is fine, the name
    // is not ('Retour' leads back to the form with the values kept).
    if (error.fields?.username) return error.fields.username;
    // Too many tries, no answer or a server fault: the code may well be right, say what happened.
    if (error.code === "RATE_LIMITED" || error.status === 0 || error.status >= 500) return error.message;
  }
  return authMessages.codeInvalid;
}

/**
 * spec §4 Registration, the code screen: the code goes out by e-mail when the screen opens (unless
 * the one already sent for this same sign-up still holds), resend is locked with an m:ss countdown, six digits submit
 * on their own; a wrong or expired code clears the boxes and refocuses the first; success says
 * 'Email vérifié avec succès !' then continues after 1 s.
 */
export function VerificationStep({
  email,
  resendSeconds,
  sentAt,
  autoSend,
  onSent,
  onBack,
  onVerified,
}: {
  email: string;
  resendSeconds: number;
  /** When a code last went to this address (ms), if it did during this visit: the lock runs from it. */
  sentAt: number | null;
  /** False when the code already sent for this very sign-up is still the one to type. */
  autoSend: boolean;
  onSent: (at: number) => void;
  onBack: () => void;
  onVerified: (user: SessionUser) => void;
}) {
  const t = authText.code;
  const [code, setCode] = useState<string[]>(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const [verifiedUser, setVerifiedUser] = useState<SessionUser | null>(null);
  const send = useSendCode();
  const verify = useVerifyCode();
  const codeRef = useRef<CodeInputHandle>(null);
  const opened = useRef(false);
  const errorId = useId();
  const left = useCountdown(sentAt === null ? null : sentAt + resendSeconds * 1000);

  const sendCode = () => {
    send.mutate(email, {
      onSuccess: () => {
        onSent(Date.now());
        toast.success(authMessages.codeSent);
      },
      onError: (e) => {
        // Refused for going too fast: lock the button for a while rather than invite more refusals.
        if (isApiRequestError(e) && e.code === "RATE_LIMITED" && sentAt === null) onSent(Date.now());
        toast.error(authMessages.codeSendFailed, isApiRequestError(e) ? e.message : undefined);
      },
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the screen opens
  useEffect(() => {
    if (opened.current) return; // StrictMode runs mount effects twice; the mail must go once.
    opened.current = true;
    codeRef.current?.focus(0);
    if (autoSend) sendCode();
  }, []);

  useEffect(() => {
    if (!verifiedUser) return;
    const timer = setTimeout(() => onVerified(verifiedUser), CONTINUE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [verifiedUser, onVerified]);

  const submit = (digits: readonly string[]) => {
    if (verify.isPending || verifiedUser) return;
    const parsed = codeSchema.safeParse(codeValue(digits));
    if (!parsed.success) {
      setError(authMessages.codeFormat);
      codeRef.current?.focus(Math.max(digits.indexOf(""), 0));
      return;
    }
    setError(null);
    verify.mutate(
      { email, code: parsed.data },
      {
        onSuccess: ({ user }) => setVerifiedUser(user),
        onError: (e) => {
          setError(verifyErrorMessage(e));
          setCode(emptyCode());
          codeRef.current?.focus(0);
        },
      },
    );
  };

  const onCodeChange = (next: string[]) => {
    if (verify.isPending || verifiedUser) return;
    setCode(next);
    if (error) setError(null);
    if (isCodeComplete(next)) submit(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  const busy = verify.isPending || verifiedUser !== null;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={verify.isPending}>
      <fieldset className="flex flex-col gap-4" disabled={verifiedUser !== null}>
        <legend className="sr-only">{t.groupLabel}</legend>
        <CodeInput
          ref={codeRef}
          value={code}
          onChange={onCodeChange}
          invalid={error !== null}
          describedBy={error ? errorId : undefined}
        />
      </fieldset>

      <FormAlert id={errorId}>{error}</FormAlert>
      <div role="status" className="empty:absolute">
        {verifiedUser && (
          <p className="flex items-center gap-2.5 rounded-xl border border-emerald-400/30 bg-emerald-400/10 px-4 py-3 text-sm text-emerald-50">
            <CircleCheck className="size-5 shrink-0 text-emerald-300" aria-hidden="true" />
            <span>
              {authMessages.emailVerified} <span className="text-emerald-100/75">{t.continuing}</span>
            </span>
          </p>
        )}
      </div>

      <SubmitButton busy={busy} icon={ShieldCheck} className="w-full">
        {verify.isPending ? t.verifying : t.submit}
      </SubmitButton>

      <div className="-mt-1 flex flex-col gap-2">
        <button
          type="button"
          className={`${buttonStyles({ variant: "outline" })} w-full tabular-nums`}
          onClick={sendCode}
          disabled={left > 0 || send.isPending || busy}
        >
          {send.isPending ? <Spinner className="size-4" /> : <RotateCw aria-hidden="true" />}
          {left > 0 ? t.resendIn(formatCountdown(left)) : t.resend}
        </button>
        <button
          type="button"
          className={`${buttonStyles({ variant: "ghost" })} w-full`}
          onClick={onBack}
          disabled={busy}
        >
          <ArrowLeft aria-hidden="true" />
          {t.back}
        </button>
      </div>
      <p className="text-center text-xs text-subtle">{t.hint}</p>
    </form>
  );
}
