import { type FormEvent, useState } from "react";
import type { SessionUser } from "#contract/auth";
import { BUILTIN_AVATARS, builtinAvatarValue, type UpdateProfileBody } from "#contract/member";
import { builtinName, Avatar as MemberAvatar } from "#web/components/ui/avatar.tsx";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { commonText } from "#web/i18n/common.ts";
import { memberText } from "#web/i18n/member.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";

/**
 * spec §2 Profile « edit profile », made real: username (the sign-up rules, checked by the
 * server) and avatar (a built-in one, an https image, or the initial).
 */
export function EditProfileDialog({
  user,
  busy,
  onSave,
  onClose,
}: {
  user: SessionUser;
  busy: boolean;
  onSave: (body: UpdateProfileBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const [username, setUsername] = useState(user.username);
  const initialBuiltin = builtinName(user.avatar);
  const [choice, setChoice] = useState<string>(initialBuiltin ?? (user.avatar ? "url" : "none"));
  const [url, setUrl] = useState(initialBuiltin ? "" : (user.avatar ?? ""));
  const [errors, setErrors] = useState<{ username?: string; avatar?: string; form?: string }>({});

  const avatar = choice === "none" ? null : choice === "url" ? url.trim() : `builtin:${choice}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateProfileBody = {};
    if (username.trim() !== user.username) body.username = username.trim();
    if (avatar !== user.avatar) body.avatar = avatar;
    if (Object.keys(body).length === 0) return onClose();
    setErrors({});
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      const fields = isApiRequestError(error) ? error.fields : undefined;
      if (fields?.username || fields?.avatar) {
        setErrors({ username: fields.username, avatar: fields.avatar });
      } else {
        setErrors({ form: serverMessage(error, commonText.genericError) });
      }
    }
  };

  return (
    <TitledDialog title={memberText.edit.title} onClose={onClose}>
      <form className="mt-5 flex flex-col gap-5" onSubmit={submit} noValidate>
        <FormAlert>{errors.form}</FormAlert>
        <TextField
          label={memberText.edit.username}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          maxLength={30}
          required
          hint={memberText.edit.usernameHint}
          error={errors.username}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium text-fg/90">{memberText.edit.avatar}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {(["none", ...BUILTIN_AVATARS] as const).map((name) => {
              const label = name === "none" ? memberText.edit.avatarNone : memberText.edit.builtin[name];
              return (
                <label
                  key={name}
                  className="group relative cursor-pointer rounded-full p-0.5 ring-2 ring-transparent has-checked:ring-accent has-focus-visible:outline-2 has-focus-visible:outline-accent"
                  title={label}
                >
                  <input
                    type="radio"
                    name="avatar"
                    value={name}
                    checked={choice === name}
                    onChange={() => setChoice(name)}
                    className="sr-only"
                    aria-label={label}
                  />
                  <MemberAvatar
                    username={username || user.username}
                    avatar={name === "none" ? null : builtinAvatarValue(name)}
                    className="size-11 text-lg"
                  />
                </label>
              );
            })}
          </div>
          <label className="flex items-center gap-2 text-sm text-muted">
            <input
              type="radio"
              name="avatar"
              value="url"
              checked={choice === "url"}
              onChange={() => setChoice("url")}
              className="size-4 accent-[var(--color-accent)]"
            />
            {memberText.edit.avatarUrl}
          </label>
          {choice === "url" && (
            <TextField
              label={memberText.edit.avatarUrl}
              type="url"
              inputMode="url"
              value={url}
              maxLength={2048}
              placeholder={memberText.edit.avatarUrlPlaceholder}
              onChange={(e) => setUrl(e.target.value)}
              error={errors.avatar}
            />
          )}
          {choice !== "url" && errors.avatar && <p className="text-sm text-red-200">{errors.avatar}</p>}
        </fieldset>
        <div className="mt-1 flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
            {memberText.edit.cancel}
          </button>
          <button type="submit" disabled={busy} className={buttonStyles()}>
            {memberText.edit.save}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
