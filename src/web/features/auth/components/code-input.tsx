import { type ClipboardEvent, type KeyboardEvent, type Ref, useImperativeHandle, useRef } from "react";
import { authText } from "#web/i18n/auth.ts";
import {
  applyCodeBackspace,
  applyCodeInput,
  CODE_LENGTH,
  type CodeDigits,
  codeFocusForKey,
  digitsOnly,
} from "./code-digits.ts";

/** Focus a box with its digit selected, so that typing replaces it. */
function focusIn(boxes: readonly (HTMLInputElement | null)[], index: number) {
  const box = boxes[index];
  box?.focus();
  box?.select();
}

export interface CodeInputHandle {
  focus: (index?: number) => void;
}

/**
 * spec §2 Register: six single-digit boxes; typing moves on, a paste of the code fills them all,
 * arrows move, Backspace on an empty box goes back. The first box offers the one-time code autofill.
 */
export function CodeInput({
  value,
  onChange,
  disabled = false,
  invalid = false,
  describedBy,
  ref,
}: {
  value: CodeDigits;
  onChange: (code: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  ref?: Ref<CodeInputHandle>;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => focusIn(boxes.current, index);
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusIn(boxes.current, index) }), []);

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace") {
      event.preventDefault();
      const next = applyCodeBackspace(value, index);
      onChange(next.code);
      focusBox(next.focus);
      return;
    }
    const target = codeFocusForKey(event.key, index);
    if (target !== null) {
      event.preventDefault();
      focusBox(target);
      return;
    }
    // A digit typed on a box that holds the same one: nothing changes, but the caret still moves on.
    if (/^\d$/.test(event.key) && value[index] === event.key && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      focusBox(Math.min(index + 1, CODE_LENGTH - 1));
    }
  };

  const onInput = (index: number, raw: string) => {
    const next = applyCodeInput(value, index, raw);
    onChange(next.code);
    if (digitsOnly(raw)) focusBox(next.focus);
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text");
    if (!digitsOnly(text)) return;
    event.preventDefault();
    onInput(index, text);
  };

  return (
    <div className="flex justify-between gap-2 sm:gap-3">
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          // The boxes never reorder: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of six boxes
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={authText.code.digit(index + 1)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={value[index] ?? ""}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          className={`h-14 w-full min-w-0 max-w-14 rounded-xl border bg-surface-2 text-center font-mono text-2xl font-bold text-fg tabular-nums caret-accent transition-[border-color,box-shadow,background-color] duration-150 outline-none focus-visible:border-accent focus-visible:bg-surface-3 focus-visible:shadow-[0_0_0_3px_color-mix(in_oklab,var(--color-accent)_28%,transparent)] disabled:opacity-60 sm:h-16 sm:text-3xl ${
            invalid ? "border-danger/80" : value[index] ? "border-white/25" : "border-line"
          }`}
        />
      ))}
    </div>
  );
}
