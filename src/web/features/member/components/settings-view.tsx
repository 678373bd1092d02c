import {
  Bell,
  CreditCard,
  Database,
  Languages,
  type LucideIcon,
  Play,
  RefreshCw,
  ShieldCheck,
  Sparkles,
  TriangleAlert,
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
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { fr } from "#web/i18n/fr.ts";
import { useDeleteAccount, useEraseData, useExportData, useSaveSettings, useSettings } from "../hooks.ts";
import { DataManagement } from "./data-management.tsx";
import {
  SettingSelect,
  SettingSwitch,
  SettingsSection,
  SettingValue,
  SettingVolume,
} from "./setting-controls.tsx";
import { SubscriptionStatusBlock } from "./subscription-status.tsx";

const m = fr.member;
const options = <V extends string | number>(values: readonly V[], label: (v: V) => string) =>
  values.map((value) => ({ value, label: label(value) }));

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
}: {
  user: SessionUser;
  title: string;
  onClearHistory: () => void;
  onAccountDeleted: () => void;
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
          <StateMessage
            icon={TriangleAlert}
            alert
            title={m.settingsLoadError}
            text={fr.common.genericError}
            action={
              <button type="button" className={buttonStyles()} onClick={() => void query.refetch()}>
                <RefreshCw aria-hidden="true" />
                {fr.common.retry}
              </button>
            }
          />
        </div>
      </>
    );
  }
  const data = query.data;
  const s: MemberSettings | undefined = data?.settings;
  const section = (icon: LucideIcon, name: string, body: ReactNode) => (
    <SettingsSection icon={icon} title={name}>
      {s ? body : <div className="skeleton h-16 rounded-xl" aria-hidden="true" />}
    </SettingsSection>
  );

  return (
    <>
      {heading}
      <div className="mt-8 grid gap-5" aria-busy={!s}>
        {section(
          Sparkles,
          m.sections.subscription,
          data && <SubscriptionStatusBlock status={data.subscription} />,
        )}
        {section(
          User,
          m.sections.profile,
          <>
            <SettingValue label={m.username} value={user.username} hint={m.readOnly} />
            <SettingValue label={m.email} value={user.email} hint={m.readOnly} />
          </>,
        )}
        {s && (
          <>
            {section(
              Bell,
              m.sections.notifications,
              <SettingSwitch
                label={m.notificationsLabel}
                hint={m.notificationsHint}
                checked={s.notifications}
                onChange={(v) => change({ notifications: v })}
              />,
            )}
            {section(
              Play,
              m.sections.playback,
              <>
                <SettingSwitch
                  label={m.autoplay}
                  hint={m.autoplayHint}
                  checked={s.autoplay}
                  onChange={(v) => change({ autoplay: v })}
                />
                <SettingSelect
                  label={m.quality}
                  value={s.quality}
                  options={options(QUALITIES, (q) => m.qualities[q])}
                  onChange={(v) => change({ quality: v })}
                />
                <SettingVolume label={m.volume} value={s.volume} onCommit={(v) => change({ volume: v })} />
                <SettingSwitch
                  label={m.subtitles}
                  hint={m.subtitlesHint}
                  checked={s.subtitles}
                  onChange={(v) => change({ subtitles: v })}
                />
              </>,
            )}
            {section(
              Languages,
              m.sections.language,
              <>
                <SettingSelect
                  label={m.languageLabel}
                  hint={m.languageHint}
                  value={s.language}
                  options={options(LANGUAGES, (l) => m.languages[l])}
                  onChange={(v) => change({ language: v })}
                />
                <SettingSelect
                  label={m.theme}
                  value={s.theme}
                  options={options(THEMES, (t) => m.themes[t])}
                  onChange={(v) => change({ theme: v })}
                />
              </>,
            )}
            {section(
              ShieldCheck,
              m.sections.parental,
              <SettingSelect
                label={m.maturity}
                hint={m.maturityHint}
                value={s.maturity}
                options={options(MATURITIES, (level) => m.maturities[level])}
                onChange={(v) => change({ maturity: v })}
              />,
            )}
            {section(
              CreditCard,
              m.sections.billing,
              <>
                <SettingSelect
                  label={m.preferredMethod}
                  value={s.billing.preferredMethod}
                  options={options(PAYMENT_METHODS, (p) => m.methods[p])}
                  onChange={(v) => change({ billing: { preferredMethod: v } })}
                />
                <SettingSwitch
                  label={m.autoRenew}
                  hint={s.billing.preferredMethod === "paysafecard" ? m.autoRenewManual : m.autoRenewHint}
                  checked={s.billing.autoRenew}
                  disabled={s.billing.preferredMethod === "paysafecard"}
                  onChange={(v) => change({ billing: { autoRenew: v } })}
                />
                <SettingSelect
                  label={m.reminder}
                  value={s.billing.notifyBeforeDays}
                  options={options(REMINDER_DAYS, (n) => m.reminderDays(n))}
                  onChange={(v) => change({ billing: { notifyBeforeDays: v } })}
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
