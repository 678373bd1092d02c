import { type MemberSettings, memberMessages, settingsImportFile } from "#contract/member";

/** A settings file is a few hundred bytes; anything much bigger is not one. */
export const SETTINGS_FILE_MAX_BYTES = 100 * 1024;

export type SettingsFileResult =
  | { ok: true; settings: MemberSettings }
  /** `error` for the field (« Fichier de paramètres invalide : … »), `detail` what follows the colon. */
  | { ok: false; error: string; detail: string };

const invalid = (detail: string): SettingsFileResult => ({
  ok: false,
  error: `${memberMessages.importInvalid} : ${detail}`,
  detail,
});

/**
 * spec §5 Settings: "Invalid import file gives an error". The file is read as JSON and checked with
 * the contract's rules (the server checks again); the error says what is wrong, in French.
 */
export function parseSettingsFile(text: string): SettingsFileResult {
  if (text.length > SETTINGS_FILE_MAX_BYTES) {
    return { ok: false, error: memberMessages.importTooLarge, detail: memberMessages.importTooLarge };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return invalid(memberMessages.importNotJson);
  }
  const parsed = settingsImportFile.safeParse(json);
  if (parsed.success) return { ok: true, settings: parsed.data };
  // A union reports its branches' issues; the settings object's own (first branch) says the most.
  const issue = parsed.error.issues[0];
  const inner =
    issue && "errors" in issue && Array.isArray(issue.errors) ? (issue.errors[0]?.[0] ?? issue) : issue;
  return invalid(inner?.message ?? memberMessages.unknownField);
}
