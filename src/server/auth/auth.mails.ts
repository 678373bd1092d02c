import type { Config } from "../shared/config.ts";
import { escapeHtml } from "../shared/html.ts";
import type { Mail } from "../shared/mailer.ts";

function layout(config: Config, title: string, bodyHtml: string) {
  const app = escapeHtml(config.appName);
  return `<!doctype html><html lang="fr"><body style="margin:0;background:#0b0b0f;color:#f4f4f6;font-family:system-ui,sans-serif">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:22px;font-weight:800;color:#e50914;margin:0 0 24px">${app}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="color:#9a9aa6;font-size:13px;margin-top:32px">Vous recevez ce message parce qu'une action a été demandée sur ${app} avec votre adresse. Si ce n'était pas vous, ignorez-le.</p>
</div></body></html>`;
}

export function verificationCodeMail(config: Config, to: string, code: string): Mail {
  const title = "Votre code de vérification";
  return {
    to,
    subject: `${config.appName} — votre code de vérification : ${code}`,
    text: `Bonjour,\n\nVotre code de vérification ${config.appName} est : ${code}\n\nIl est valable 10 minutes et ne peut servir qu'une fois.\n`,
    html: layout(
      config,
      title,
      `<p>Saisissez ce code pour confirmer votre adresse :</p>
<p style="font-size:34px;letter-spacing:10px;font-weight:700;margin:16px 0">${code}</p>
<p style="color:#c8c8d0">Il est valable 10 minutes et ne peut servir qu'une fois.</p>`,
    ),
  };
}

export function alreadyRegisteredMail(config: Config, to: string): Mail {
  const title = "Vous avez déjà un compte";
  const login = `${config.publicUrl}/login`;
  return {
    to,
    subject: `${config.appName} — vous avez déjà un compte`,
    text: `Bonjour,\n\nQuelqu'un (vous, sans doute) a demandé à créer un compte ${config.appName} avec cette adresse, qui en a déjà un.\nConnectez-vous : ${login}\nMot de passe oublié ? Demandez un nouveau lien depuis la page de connexion.\n`,
    html: layout(
      config,
      title,
      `<p>Quelqu'un (vous, sans doute) a demandé à créer un compte avec cette adresse, qui en a déjà un.</p>
<p><a href="${escapeHtml(login)}" style="color:#ff4d57">Se connecter</a></p>`,
    ),
  };
}

export function passwordResetMail(config: Config, to: string, token: string): Mail {
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const title = "Réinitialisation de votre mot de passe";
  return {
    to,
    subject: `${config.appName} — réinitialisation de votre mot de passe`,
    text: `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure, une seule fois) :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n`,
    html: layout(
      config,
      title,
      `<p>Pour choisir un nouveau mot de passe, cliquez sur le bouton ci-dessous. Le lien est valable 1 heure et ne sert qu'une fois.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#e50914;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Choisir un nouveau mot de passe</a></p>
<p style="color:#c8c8d0">Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.</p>`,
    ),
  };
}
