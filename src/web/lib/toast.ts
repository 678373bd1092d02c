import { toast as sonner } from "sonner";

/**
 * The app's toasts (DESIGN.md: every action that changes something says so, every error says what
 * to do next). Texts come from src/web/i18n; the <Toaster> lives in app/providers.tsx.
 */
export const toast = {
  success: (title: string, description?: string) => sonner.success(title, { description }),
  error: (title: string, description?: string) => sonner.error(title, { description }),
  info: (title: string, description?: string) => sonner.info(title, { description }),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
