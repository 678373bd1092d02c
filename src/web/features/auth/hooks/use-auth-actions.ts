import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import {
  authMessages,
  forgotPassword,
  login,
  logout,
  register,
  resetPassword,
  sendEmailCode,
  verifyEmailCode,
} from "#contract/auth";
import { apiSend } from "#web/lib/api.ts";
import { forgetMember, sessionKeys, setSessionUser } from "#web/lib/session/session-query.ts";
import { toast } from "#web/lib/toast.ts";

/** spec §5 Login: username or e-mail and password; success says so and signs the member in. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof login.body>) => apiSend(login, { body }),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      toast.success(authMessages.loginSuccess, authMessages.loginWelcome);
    },
  });
}

/**
 * spec §4 Logout: clears local state first (member data in the cache), then signs out on the
 * server, then says 'Déconnexion réussie' even if that call failed, and goes to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    forgetMember(queryClient);
    try {
      await apiSend(logout);
    } catch {
      // spec §4: "shows success even if the call fails".
    }
    toast.success(authMessages.logoutSuccess, authMessages.logoutBye);
    navigate("/login");
  }, [queryClient, navigate]);
}

/** spec §4 Registration, step 1: the server keeps the sign-up until the e-mail code is verified. */
export const useRegister = () =>
  useMutation({ mutationFn: (body: z.input<typeof register.body>) => apiSend(register, { body }) });

/** spec §4 Registration: the six-digit code is e-mailed (once a minute at most). */
export const useSendCode = () =>
  useMutation({ mutationFn: (email: string) => apiSend(sendEmailCode, { body: { email } }) });

/** Verifying the code creates the account and opens the session (the caller shows it, spec: after 1 s). */
export const useVerifyCode = () =>
  useMutation({
    mutationFn: (body: z.input<typeof verifyEmailCode.body>) => apiSend(verifyEmailCode, { body }),
  });

/** spec §4 Forgot password: the server answers the same whether the address exists or not. */
export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => apiSend(forgotPassword, { body: { email } }) });

/** A reset closes every other session of the member: the session is read again afterwards. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof resetPassword.body>) => apiSend(resetPassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
