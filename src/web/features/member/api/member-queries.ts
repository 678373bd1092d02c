import { queryOptions } from "@tanstack/react-query";
import {
  deleteAccount as deleteAccountEndpoint,
  eraseData as eraseDataEndpoint,
  exportData as exportDataEndpoint,
  getProfile,
  getSettings,
  type UpdateProfileBody,
  type UpdateSettingsBody,
  updateProfile,
  updateSettings,
} from "#contract/member";
import { memberText } from "#web/i18n/member.ts";
import { apiDownload, apiGet, apiSend } from "#web/lib/api.ts";
import { saveFile } from "#web/lib/save-file.ts";

/**
 * The member's space through TanStack Query. Keys start with "member" and the member's id, so
 * logout (which drops every non-auth query) forgets them.
 */
export const memberKeys = {
  root: "member",
  all: (userId: string) => ["member", userId] as const,
  profile: (userId: string) => ["member", userId, "profile"] as const,
  settings: (userId: string) => ["member", userId, "settings"] as const,
};

export const profileOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.profile(userId),
    queryFn: ({ signal }) => apiGet(getProfile, { signal }),
    staleTime: 15_000,
  });

export const settingsOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.settings(userId),
    queryFn: ({ signal }) => apiGet(getSettings, { signal }),
    staleTime: 30_000,
    // Other devices change them too (settings follow the member).
    refetchOnWindowFocus: true,
  });

export const patchProfile = (body: UpdateProfileBody) => apiSend(updateProfile, { body });
export const putSettings = (body: UpdateSettingsBody) => apiSend(updateSettings, { body });
export const postErase = () => apiSend(eraseDataEndpoint);

export const deleteMyAccount = (password: string) =>
  apiSend(deleteAccountEndpoint, { body: { password } }).then(() => undefined);

/**
 * « Exporter mes données »: the server's attachment, saved under its own name. The bytes are the
 * server's as sent (not re-serialised), so the file is exactly what the API answered.
 */
export async function downloadExport(): Promise<string> {
  const { blob, filename } = await apiDownload(exportDataEndpoint);
  // The server names the file (Content-Disposition); this name is for a proxy that drops it.
  const name = filename ?? memberText.data.exportFileName;
  saveFile(blob, name);
  return name;
}
