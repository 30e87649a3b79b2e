import type { Mail } from '#server/lib/mailer.ts';

/** The mails accounts send. Each has a plain-text and an HTML part and names TourGuides. */
const BRAND = 'TourGuides';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The app's own colours (src/client/app/styles.css @theme): a dark venue with an amber accent that
 * carries dark text. Mail clients ignore stylesheets and CSS variables, so they are inline values.
 */
export const MAIL_COLOURS = {
  background: '#0c0a17',
  surface: '#151226',
  border: '#2c2747',
  foreground: '#f5f2fc',
  muted: '#aca6c6',
  accent: '#ffc247',
  accentForeground: '#1b1304',
} as const;

const FONT = "'DM Sans',ui-sans-serif,system-ui,-apple-system,'Segoe UI',sans-serif";

function layout(heading: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const c = MAIL_COLOURS;
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:${c.accent};color:${c.accentForeground};font-weight:600;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:${c.muted};word-break:break-all">Or paste this link into your browser: <span style="color:${c.accent}">${escapeHtml(action.url)}</span></p>`
    : '';
  // bgcolor as well as the style: some clients keep only one of them on <body> and <table>.
  return `<!doctype html><html><body bgcolor="${c.background}" style="margin:0;padding:24px 12px;background:${c.background};color:${c.foreground};font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="${c.surface}" style="max-width:560px;margin:auto;background:${c.surface};border:1px solid ${c.border};border-radius:16px">
<tr><td style="padding:24px;color:${c.foreground};font-size:15px;line-height:1.5">
<p style="margin:0 0 4px;font-size:12px;font-weight:700;letter-spacing:0.12em;text-transform:uppercase;color:${c.accent}">${BRAND}</p>
<h1 style="margin:0 0 16px;font-size:22px;color:${c.foreground}">${escapeHtml(heading.charAt(0).toUpperCase() + heading.slice(1))}</h1>
${body}
${button}
<p style="margin:20px 0 0;font-size:12px;color:${c.muted}">${BRAND}: never miss your favorite bands on tour.</p>
</td></tr></table>
</body></html>`;
}

const IGNORE = "If you didn't ask for this, you can ignore this email.";

export function resetPasswordMail(to: string, url: string): Mail {
  const lines = [
    'Someone asked to reset the password of your TourGuides account.',
    'The link works once, for one hour.',
  ];
  return {
    to,
    subject: `${BRAND}: reset your password`,
    text: `${lines.join('\n')}\n\nSet a new password: ${url}\n\n${IGNORE}\n\n${BRAND}`,
    html: layout('reset your password', [...lines, IGNORE], { label: 'Set a new password', url }),
    link: url,
  };
}

export function verifyEmailMail(to: string, url: string): Mail {
  const lines = ['Welcome to TourGuides! Confirm your email address to finish creating your account.'];
  return {
    to,
    subject: `${BRAND}: confirm your email`,
    text: `${lines.join('\n')}\n\nConfirm: ${url}\n\n${IGNORE}\n\n${BRAND}`,
    html: layout('confirm your email', [...lines, IGNORE], { label: 'Confirm my email', url }),
    link: url,
  };
}

const OTP_PURPOSE: Record<string, string> = {
  'sign-in': 'sign in to',
  'email-verification': 'confirm the email of',
  'forget-password': 'reset the password of',
  'change-email': 'change the email of',
};

export function oneTimeCodeMail(to: string, code: string, type: string): Mail {
  const purpose = OTP_PURPOSE[type] ?? 'sign in to';
  const lines = [`Your one-time code to ${purpose} your TourGuides account is ${code}.`, 'It expires in 10 minutes.'];
  return {
    to,
    subject: `${BRAND}: your one-time code ${code}`,
    text: `${lines.join('\n')}\n\n${IGNORE}\n\n${BRAND}`,
    html: layout('your one-time code', [...lines, IGNORE]),
    link: `code ${code}`,
  };
}

export function existingAccountMail(to: string, signInUrl: string): Mail {
  const lines = [
    'Someone tried to create a TourGuides account with this email address, which already has one.',
    'If it was you, log in instead, or reset your password from the login page.',
  ];
  return {
    to,
    subject: `${BRAND}: you already have an account`,
    text: `${lines.join('\n')}\n\nLog in: ${signInUrl}\n\n${IGNORE}\n\n${BRAND}`,
    html: layout('you already have an account', [...lines, IGNORE], { label: 'Log in', url: signInUrl }),
    link: signInUrl,
  };
}
