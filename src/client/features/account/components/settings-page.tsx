import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { SignOutButton } from '#client/components/sign-out-button.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { DataSection } from './data-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

interface SettingsParts {
  /** The notifications feature's preferences card. */
  notifications: ReactNode;
  /** The push feature's Devices card (alerts on this device). */
  devices?: ReactNode;
  /** The calendar feature's feed links. */
  calendarFeeds: ReactNode;
  /** The places feature's home and tracked places card. */
  places?: ReactNode;
}

/** /settings (signed-in only, see SignedInOnly): profile, security, sessions and the account's data. */
export const SettingsPage = ({ notifications, devices, calendarFeeds, places }: SettingsParts) => {
  useDocumentTitle(`Settings | ${BRAND}`);
  const { user } = useSession();
  if (!user) return null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex items-center justify-between gap-4">
        {/* Phones show 'Settings' in the header bar already. */}
        <h1 className="hidden font-display text-4xl font-bold md:block">Settings</h1>
        <SignOutButton className="ml-auto" />
      </header>
      <ProfileSection user={user} />
      {places}
      {notifications}
      {devices}
      <SettingsCard
        title="Music services"
        description="Follow the artists you listen to on Last.fm or ListenBrainz, and manage your exclude list."
      >
        <Button asChild variant="outline">
          <Link to={paths.musicServices}>Connect a music service</Link>
        </Button>
      </SettingsCard>
      <SettingsCard title="Calendar feeds">{calendarFeeds}</SettingsCard>
      <PasswordSection email={user.email} />
      <TwoFactorSection enabled={user.twoFactorEnabled} email={user.email} />
      <SessionsSection />
      <DataSection />
    </div>
  );
};
