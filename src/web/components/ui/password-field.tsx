import { Eye, EyeOff } from "lucide-react";
import { useId, useState } from "react";
import { authText } from "#web/i18n/auth.ts";
import { TextField, type TextFieldProps } from "./text-field.tsx";

/** A password input with a show/hide toggle (spec §2 Login, Register, Reset password). */
export function PasswordField(props: Omit<TextFieldProps, "type" | "trailing" | "inputId">) {
  const [visible, setVisible] = useState(false);
  const inputId = useId();
  return (
    <TextField
      {...props}
      inputId={inputId}
      type={visible ? "text" : "password"}
      spellCheck={false}
      autoCapitalize="none"
      trailing={
        <button
          type="button"
          aria-pressed={visible}
          aria-controls={inputId}
          aria-label={visible ? authText.hidePassword : authText.showPassword}
          title={visible ? authText.hidePassword : authText.showPassword}
          onClick={() => setVisible((v) => !v)}
          className="grid size-10 place-items-center rounded-lg text-muted transition-colors hover:bg-white/8 hover:text-fg"
        >
          {visible ? (
            <EyeOff className="size-5" aria-hidden="true" />
          ) : (
            <Eye className="size-5" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}
