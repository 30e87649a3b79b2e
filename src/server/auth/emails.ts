import type { Mail } from '#server/lib/mailer.ts';

/** The mails accounts send. Each has a plain-text and an HTML part and names TourGuides. */
const BRAND = 'TourGuides';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(heading: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#666">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:sans-serif;max-width:560px;margin:auto">
<h1 style="font-size:20px">${BRAND}: ${escapeHtml(heading)}</h1>
${body}
${button}
<p style="font-size:12px;color:#666">${BRAND}: never miss your favorite bands on tour.</p>
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
