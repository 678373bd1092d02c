import {
  BarChart3,
  Bell,
  CreditCard,
  Film,
  History,
  RadioTower,
  ShieldAlert,
  Tags,
  Users,
} from "lucide-react";
import { lazy } from "react";
import { pageGutter } from "#web/components/ui/layout.ts";
import { SignInRequired } from "#web/components/ui/member-screen.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { UploadMediaField } from "#web/features/admin-media/components/upload-media-field.tsx";
import { AdminPanel, type AdminTab } from "#web/features/admin-panel/components/admin-panel.tsx";
import { AdminHeaderCards } from "#web/features/admin-stats/components/header-cards.tsx";
import { AdminTools } from "#web/features/admin-tools/components/admin-tools.tsx";
import { adminText } from "#web/i18n/admin.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

// Each tab is its own chunk, loaded when it is first opened (DESIGN.md speed budget).
const VideosTab = lazy(() =>
  import("#web/features/admin-videos/components/videos-tab.tsx").then((m) => ({ default: m.VideosTab })),
);
const CategoriesTab = lazy(() =>
  import("#web/features/admin-categories/components/categories-tab.tsx").then((m) => ({
    default: m.CategoriesTab,
  })),
);
const UsersTab = lazy(() =>
  import("#web/features/admin-users/components/users-tab.tsx").then((m) => ({ default: m.UsersTab })),
);
const NotificationsTab = lazy(() =>
  import("#web/features/admin-notifications/components/notifications-tab.tsx").then((m) => ({
    default: m.NotificationsTab,
  })),
);
const StatsTab = lazy(() =>
  import("#web/features/admin-stats/components/stats-tab.tsx").then((m) => ({ default: m.StatsTab })),
);
const LiveTab = lazy(() =>
  import("#web/features/admin-stats/components/live-tab.tsx").then((m) => ({ default: m.LiveTab })),
);
const TranscodingQueue = lazy(() =>
  import("#web/features/admin-media/components/transcoding-queue.tsx").then((m) => ({
    default: m.TranscodingQueue,
  })),
);
const PaymentsTab = lazy(() =>
  import("#web/features/admin-payments/components/payments-tab.tsx").then((m) => ({
    default: m.PaymentsTab,
  })),
);
const AuditTab = lazy(() =>
  import("#web/features/admin-audit/components/audit-tab.tsx").then((m) => ({ default: m.AuditTab })),
);

/**
 * The administration's tabs, in order (spec §2 Admin panel: Vidéos, Catégories, Utilisateurs,
 * Notifications, Statistiques; decision 015: En cours, Journal; decision 041: Paiements). The media work fills the video form's media field (`mediaField` of VideosTab)
 * and « En cours »'s transcoding queue.
 */
export const adminTabs: AdminTab[] = [
  {
    id: "videos",
    label: adminText.tabs.videos,
    icon: Film,
    // The media work's field: the reference or URL, and the file sent with tus (decision 025).
    render: () => <VideosTab mediaField={UploadMediaField} />,
  },
  { id: "categories", label: adminText.tabs.categories, icon: Tags, render: () => <CategoriesTab /> },
  { id: "users", label: adminText.tabs.users, icon: Users, render: () => <UsersTab /> },
  {
    id: "notifications",
    label: adminText.tabs.notifications,
    icon: Bell,
    render: () => <NotificationsTab />,
  },
  { id: "stats", label: adminText.tabs.stats, icon: BarChart3, render: () => <StatsTab /> },
  {
    id: "live",
    label: adminText.tabs.live,
    icon: RadioTower,
    render: () => <LiveTab queue={<TranscodingQueue />} />,
  },
  { id: "payments", label: adminText.tabs.payments, icon: CreditCard, render: () => <PaymentsTab /> },
  { id: "audit", label: adminText.tabs.audit, icon: History, render: () => <AuditTab /> },
];

/**
 * /admin — spec §2 Admin panel. Only administrators get the panel; a member sees 'Accès refusé' /
 * 'Vous n'avez pas les permissions pour accéder à cette page.'; a visitor the way to sign in (the
 * server refuses every admin request of theirs anyway, spec §6).
 */
export default function AdminRoute() {
  useDocumentTitle(screenTitles.admin);
  const { user, isPending } = useSession();
  return (
    <section className={`${pageGutter} mx-auto max-w-7xl pt-24 pb-20 lg:pt-28`}>
      {isPending ? (
        <div className="grid place-items-center py-24">
          <Spinner />
        </div>
      ) : !user ? (
        <SignInRequired
          title={adminText.signedOutTitle}
          text={adminText.signedOutText}
          signIn={adminText.signIn}
        />
      ) : user.role !== "admin" ? (
        <StateMessage
          icon={ShieldAlert}
          headingLevel={1}
          title={adminText.deniedTitle}
          text={adminText.deniedText}
        />
      ) : (
        <AdminPanel
          title={adminText.title}
          tabsLabel={adminText.tabsLabel}
          tabs={adminTabs}
          header={<AdminHeaderCards />}
          tools={<AdminTools />}
        />
      )}
    </section>
  );
}
