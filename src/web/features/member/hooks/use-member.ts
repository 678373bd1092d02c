import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { SessionUser } from "#contract/auth";
import {
  type MemberSettings,
  memberMessages,
  type ProfileResponse,
  type SettingsResponse,
  type UpdateProfileBody,
  type UpdateSettingsBody,
} from "#contract/member";
import { commonText } from "#web/i18n/common.ts";
import { memberText } from "#web/i18n/member.ts";
import { serverMessage } from "#web/lib/api.ts";
import { refreshBillingPreferences } from "#web/lib/query-tags.ts";
import { isSessionKey } from "#web/lib/session/session-query.ts";
import { applyTheme } from "#web/lib/theme.ts";
import { toast } from "#web/lib/toast.ts";
import {
  deleteMyAccount,
  downloadExport,
  memberKeys,
  patchProfile,
  postErase,
  profileOptions,
  putSettings,
  settingsOptions,
} from "../api/member-queries.ts";

export function useProfile(userId: string) {
  return useQuery(profileOptions(userId));
}

/** spec §8 Profile: 'Profil mis à jour' / 'Vos informations ont été sauvegardées.' */
export function useUpdateProfile(userId: string, onUpdated: (user: SessionUser) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => patchProfile(body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<ProfileResponse>(memberKeys.profile(userId), (old) =>
        old ? { ...old, user } : old,
      );
      onUpdated(user);
      toast.success(memberMessages.profileUpdated, memberMessages.profileUpdatedText);
    },
  });
}

/**
 * The spec's local storage cache of the settings (spec §3 Local user settings): shown at once on
 * the next visit while the server's copy (the authority, shared by every device) loads.
 */
const storageKey = (userId: string) => `bobine:settings:${userId}`;
function cachedSettings(userId: string): SettingsResponse | undefined {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    return raw ? (JSON.parse(raw) as SettingsResponse) : undefined;
  } catch {
    return undefined;
  }
}
function cacheSettings(userId: string, data: SettingsResponse) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(data));
  } catch {
    // Private mode or full storage: the server keeps them anyway.
  }
}

export function useSettings(userId: string) {
  const query = useQuery({ ...settingsOptions(userId), placeholderData: () => cachedSettings(userId) });
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) cacheSettings(userId, query.data);
  }, [userId, query.data, query.isPlaceholderData]);
  // The theme shows as soon as it is known or changed (a change is optimistic: at once).
  const theme = query.data?.settings.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return query;
}

function merge(settings: MemberSettings, change: UpdateSettingsBody): MemberSettings {
  const { billing, ...rest } = change;
  const next = { ...settings, ...rest };
  if (billing) next.billing = { ...settings.billing, ...billing };
  return next as MemberSettings;
}

/**
 * Saves one change of the settings screen: shown at once (optimistic), rolled back with the
 * server's French message when refused; 'Paramètres sauvegardés' when saved, 'Paramètres mis à
 * jour' for an imported file (spec §8).
 */
export function useSaveSettings(userId: string) {
  const queryClient = useQueryClient();
  const key = memberKeys.settings(userId);
  return useMutation({
    mutationFn: ({ change }: { change: UpdateSettingsBody; imported?: boolean }) => putSettings(change),
    onMutate: async ({ change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SettingsResponse>(key);
      if (previous) {
        const settings = merge(previous.settings, change);
        // Auto-renew belongs to the method: a switch to paysafecard shows it off at once.
        if (change.billing?.preferredMethod === "paysafecard") settings.billing.autoRenew = false;
        queryClient.setQueryData<SettingsResponse>(key, { ...previous, settings });
      }
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(memberMessages.settingsFailed, serverMessage(error, commonText.genericError));
    },
    onSuccess: (data, { imported }) => {
      queryClient.setQueryData(key, data);
      cacheSettings(userId, data);
      toast.success(imported ? memberMessages.settingsUpdated : memberMessages.settingsSaved);
    },
    onSettled: (_data, _error, { change }) => {
      // The billing preferences are read by the plans screen too (its first method, the note on
      // renewal): read again there.
      if (change.billing !== undefined) void refreshBillingPreferences(queryClient);
      // Parental control changes what the catalogue shows: its answers are fetched again.
      if (change.maturity !== undefined) {
        void queryClient.invalidateQueries({
          predicate: (q) => !isSessionKey(q.queryKey) && q.queryKey[0] !== memberKeys.root,
        });
      }
    },
  });
}

export function useExportData() {
  return useMutation({
    mutationFn: downloadExport,
    onSuccess: () => toast.success(memberMessages.dataExported),
    onError: (error) =>
      toast.error(memberMessages.exportFailed, serverMessage(error, commonText.genericError)),
  });
}

/** spec §5: after the confirmation, everything of the member's activity goes; every list reloads. */
export function useEraseData(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postErase,
    onSuccess: () => {
      try {
        localStorage.removeItem(storageKey(userId));
      } catch {
        // Nothing to clear.
      }
      toast.success(memberMessages.dataErased);
    },
    onError: (error) =>
      toast.error(memberMessages.eraseFailed, serverMessage(error, commonText.genericError)),
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => !isSessionKey(q.queryKey) }),
  });
}

/** Account deletion with the password typed again; `onDeleted` signs the app out. */
export function useDeleteAccount(userId: string, onDeleted: () => void) {
  return useMutation({
    mutationFn: (password: string) => deleteMyAccount(password),
    onSuccess: () => {
      try {
        localStorage.removeItem(storageKey(userId));
      } catch {
        // Nothing to clear.
      }
      toast.success(memberText.toasts.accountDeleted, memberText.toasts.accountDeletedText);
      onDeleted();
    },
  });
}
