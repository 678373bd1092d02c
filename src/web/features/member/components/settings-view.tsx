import {
  Bell,
  CreditCard,
  Database,
  Languages,
  type LucideIcon,
  Play,
  ShieldCheck,
  Sparkles,
  User,
} from "lucide-react";
import type { ReactNode } from "react";
import type { SessionUser } from "#contract/auth";
import {
  LANGUAGES,
  MATURITIES,
  type MemberSettings,
  PAYMENT_METHODS,
  QUALITIES,
  REMINDER_DAYS,
  THEMES,
  type UpdateSettingsBody,
} from "#contract/member";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { commonText } from "#web/i18n/common.ts";
import { memberText } from "#web/i18n/member.ts";
import {
  useDeleteAccount,
  useEraseData,
  useExportData,
  useSaveSettings,
  useSettings,
} from "../hooks/use-member.ts";
import { DataManagement } from "./data-management.tsx";
import {
  SettingSelect,
  SettingSwitch,
  SettingsSection,
  SettingValue,
  SettingVolume,
} from "./setting-controls.tsx";
import { SubscriptionStatusBlock } from "./subscription-status.tsx";

const m = memberText;

type Local = Omit<MemberSettings, "billing">;
type Billing = MemberSettings["billing"];
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T];

/**
 * The props that tie a control to one setting: its current value, and a change saved as that one
 * setting (`choice` also lists the values with their French names).
 */
function bindSettings(s: MemberSettings, change: (c: UpdateSettingsBody) => void) {
  const options = <V extends string | number>(values: readonly V[], label: (v: V) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  return {
    toggle: (key: KeysOf<Local, boolean>) => ({
      checked: s[key],
      onChange: (v: boolean) => change({ [key]: v }),
    }),
    choice: <K extends KeysOf<Local, string>>(
      key: K,
      values: readonly Local[K][],
      label: (v: Local[K]) => string,
    ) => ({
      value: s[key],
      options: options(values, label),
      onChange: (v: Local[K]) => change({ [key]: v }),
    }),
    billingChoice: <K extends KeysOf<Billing, string | number>>(
      key: K,
      values: readonly Billing[K][],
      label: (v: Billing[K]) => string,
    ) => ({
      value: s.billing[key],
      options: options(values, label),
      onChange: (v: Billing[K]) => change({ billing: { [key]: v } }),
    }),
  };
}

/**
 * spec §2 Settings, every section: subscription status, profile (read-only), notifications, video
 * playback, language, parental control, billing preferences, data management. Every change is saved
 * on the server at once (optimistic, with the spec's toast), so it follows the member everywhere.
 */
export function SettingsView({
  user,
  title,
  onClearHistory,
  onAccountDeleted,
  billing,
}: {
  user: SessionUser;
  title: string;
  onClearHistory: () => void;
  onAccountDeleted: () => void;
  /** The subscription's own actions and receipts, composed by the app (another feature's). */
  billing?: ReactNode;
}) {
  const query = useSettings(user.id);
  const save = useSaveSettings(user.id);
  const exporter = useExportData();
  const eraser = useEraseData(user.id);
  const deleter = useDeleteAccount(user.id, onAccountDeleted);
  const change = (c: UpdateSettingsBody) => save.mutate({ change: c });

  const heading = <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>;
  if (query.isError && !query.data) {
    return (
      <>
        {heading}
        <div className="mt-8">
          <QueryLoadError title={m.settingsLoadError} text={commonText.genericError} query={query} />
        </div>
      </>
    );
  }
  const data = query.data;
  const s: MemberSettings | undefined = data?.settings;
  const bind = s && bindSettings(s, change);
  const section = (icon: LucideIcon, name: string, body: ReactNode) => (
    <SettingsSection icon={icon} title={name}>
      {s ? body : <div className="skeleton h-16 rounded-xl" aria-hidden="true" />}
    </SettingsSection>
  );

  return (
    <>
      {heading}
      <div className="mt-8 grid grid-cols-1 gap-5" aria-busy={!s}>
        {section(
          Sparkles,
          m.sections.subscription,
          data && (
            <>
              <div className="pb-4">
                <SubscriptionStatusBlock status={data.subscription} />
              </div>
              {billing}
            </>
          ),
        )}
        {section(
          User,
          m.sections.profile,
          <>
            <SettingValue label={m.username} value={user.username} hint={m.readOnly} />
            <SettingValue label={m.email} value={user.email} hint={m.readOnly} />
          </>,
        )}
        {s && bind && (
          <>
            {section(
              Bell,
              m.sections.notifications,
              <SettingSwitch
                label={m.notificationsLabel}
                hint={m.notificationsHint}
                {...bind.toggle("notifications")}
              />,
            )}
            {section(
              Play,
              m.sections.playback,
              <>
                <SettingSwitch label={m.autoplay} hint={m.autoplayHint} {...bind.toggle("autoplay")} />
                <SettingSelect
                  label={m.quality}
                  {...bind.choice("quality", QUALITIES, (q) => m.qualities[q])}
                />
                <SettingVolume label={m.volume} value={s.volume} onCommit={(v) => change({ volume: v })} />
                <SettingSwitch label={m.subtitles} hint={m.subtitlesHint} {...bind.toggle("subtitles")} />
              </>,
            )}
            {section(
              Languages,
              m.sections.language,
              <>
                <SettingSelect
                  label={m.languageLabel}
                  hint={m.languageHint}
                  {...bind.choice("language", LANGUAGES, (l) => m.languages[l])}
                />
                <SettingSelect label={m.theme} {...bind.choice("theme", THEMES, (t) => m.themes[t])} />
              </>,
            )}
            {section(
              ShieldCheck,
              m.sections.parental,
              <SettingSelect
                label={m.maturity}
                hint={m.maturityHint}
                {...bind.choice("maturity", MATURITIES, (level) => m.maturities[level])}
              />,
            )}
            {section(
              CreditCard,
              m.sections.billing,
              <>
                <SettingSelect
                  label={m.preferredMethod}
                  {...bind.billingChoice("preferredMethod", PAYMENT_METHODS, (p) => m.methods[p])}
                />
                <SettingSwitch
                  label={m.autoRenew}
                  hint={
                    s.billing.preferredMethod === "paysafecard"
                      ? m.autoRenewManual
                      : m.autoRenewHint(
                          s.billing.preferredMethod === "card"
                            ? m.methods.card.toLowerCase()
                            : m.methods.paypal,
                        )
                  }
                  checked={s.billing.autoRenew}
                  disabled={s.billing.preferredMethod === "paysafecard"}
                  onChange={(v) => change({ billing: { autoRenew: v } })}
                />
                <SettingSelect
                  label={m.reminder}
                  {...bind.billingChoice("notifyBeforeDays", REMINDER_DAYS, (n) => m.reminderDays(n))}
                />
              </>,
            )}
          </>
        )}
        <div>
          {section(
            Database,
            m.sections.data,
            <DataManagement
              exporting={exporter.isPending}
              onExport={() => exporter.mutate()}
              onImport={(settings) => save.mutate({ change: settings, imported: true })}
              onClearHistory={onClearHistory}
              erasing={eraser.isPending}
              onErase={() => eraser.mutateAsync().catch(() => undefined)}
              deleting={deleter.isPending}
              onDelete={(password) => deleter.mutateAsync(password)}
            />,
          )}
        </div>
      </div>
    </>
  );
}
