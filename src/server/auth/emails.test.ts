import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAIL_COLOURS, resetPasswordMail } from './emails.ts';

describe('password-reset mail', () => {
  const mail = resetPasswordMail('fan@example.com', 'https://tourguides.example/auth?reset=1&token=a<b');

  it("uses the app's colours: dark background, light text, amber button with dark text", () => {
    expect(mail.html).toContain(`background:${MAIL_COLOURS.background}`);
    expect(mail.html).toContain(`color:${MAIL_COLOURS.foreground}`);
    expect(mail.html).toMatch(
      new RegExp(
        `<a href="[^"]+" style="[^"]*background:${MAIL_COLOURS.accent};color:${MAIL_COLOURS.accentForeground}`,
      ),
    );
    // The old purple button and grey small print are not the app's.
    expect(mail.html).not.toMatch(/#7c3aed|#666\b/i);
  });

  it('keeps the link escaped, once as a button and once to paste', () => {
    expect(mail.html).toContain('token=a&#60;b');
    expect(mail.html.match(/token=a&#60;b/g)).toHaveLength(2);
    expect(mail.html).toContain('Set a new password');
    expect(mail.text).toContain('Set a new password: https://tourguides.example/auth?reset=1&token=a<b');
  });
});

describe("the mails' colours", () => {
  it("are the app's theme colours (src/client/app/styles.css), so a theme change is not missed here", () => {
    const theme = fs.readFileSync(new URL('../../client/app/styles.css', import.meta.url), 'utf8');
    const themeColour = (name: string) => new RegExp(`--color-${name}:\\s*([^;]+);`).exec(theme)?.[1]?.trim();
    const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    for (const [key, value] of Object.entries(MAIL_COLOURS)) {
      expect({ [key]: value }).toEqual({ [key]: themeColour(kebab(key)) });
    }
  });
});
