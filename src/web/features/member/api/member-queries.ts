import { queryOptions } from "@tanstack/react-query";
import {
  deleteAccount as deleteAccountEndpoint,
  eraseData as eraseDataEndpoint,
  getProfile,
  getSettings,
  type UpdateProfileBody,
  type UpdateSettingsBody,
  updateProfile,
  updateSettings,
} from "#contract/member";
import { fr } from "#web/i18n/fr.ts";
import { ApiRequestError, apiGet, apiSend, isApiRequestError } from "#web/lib/api.ts";

/**
 * The member's space through TanStack Query. Keys start with "member" and the member's id, so
 * logout (which drops every non-auth query) forgets them.
 */
export const memberKeys = {
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

/** DELETE answers 204 without a body, which the JSON client reports as an unreadable answer. */
export async function deleteMyAccount(password: string): Promise<void> {
  try {
    await apiSend(deleteAccountEndpoint, { body: { password } });
  } catch (error) {
    if (isApiRequestError(error) && error.code === "INVALID_RESPONSE" && error.status === 204) return;
    throw error;
  }
}

/**
 * « Exporter mes données »: the server's attachment, saved under its own name. The bytes are the
 * server's as sent (not re-serialised), so the file is exactly what the API answered.
 */
export async function downloadExport(): Promise<string> {
  let response: Response;
  try {
    response = await fetch("/api/me/export", {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
  } catch (cause) {
    throw new ApiRequestError({ code: "NETWORK_ERROR", message: fr.api.network, status: 0, cause });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiRequestError({
      code: response.status === 401 ? "UNAUTHENTICATED" : "INTERNAL_ERROR",
      message: body?.message ?? fr.common.genericError,
      status: response.status,
      fromServer: Boolean(body?.message),
    });
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "bobine-mes-donnees.json";
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
