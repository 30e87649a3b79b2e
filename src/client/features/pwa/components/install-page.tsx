import { BellRing, CheckCircle2, Download, Share, Smartphone, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { promptInstall, showIosInstructions, useInstallState } from '../install-prompt.ts';

/**
 * What installing gives, in a fan's words. Keep it true to what the app does: offline, the service
 * worker keeps My Shows, the Going shows' pages, guides and setlists (app/offline-warm-up.ts) and
 * the pages a fan opened (sw/cache-rules.ts); alerts reach a closed app through Web Push (Settings →
 * Devices) where the browser has it.
 */
export const INSTALL_BENEFITS = [
  {
    icon: WifiOff,
    title: 'Your shows, even offline',
    text: 'My Shows and every show you’re Going to (its page, local guide and setlists) open with no signal, and so do pages you’ve opened before. In the crowd, on the train, abroad.',
  },
  {
    icon: Smartphone,
    title: 'One tap from your home screen',
    text: 'TourGuides opens full screen like any other app, straight from your home screen, dock or app list.',
  },
  {
    icon: BellRing,
    title: 'Alerts, even when it’s closed',
    text: 'New dates and changes for the artists you follow can reach your phone or computer while TourGuides is closed. Turn them on in Settings\u00a0→\u00a0Devices (if your browser supports it).',
  },
] as const;

const platforms: { title: string; steps: ReactNode[] }[] = [
  {
    title: 'Android (Chrome)',
    steps: [
      'Open TourGuides in Chrome.',
      <>
        Tap the menu button <span aria-hidden="true">(⋮)</span> at the top right.
      </>,
      <>
        Tap <strong>Install app</strong> (on some phones <strong>Add to Home screen</strong>).
      </>,
      <>
        Confirm with <strong>Install</strong>. TourGuides appears with your other apps.
      </>,
    ],
  },
  {
    title: 'iPhone and iPad (Safari)',
    steps: [
      'Open TourGuides in Safari.',
      <>
        Tap the <strong>Share</strong> button (the square with an arrow pointing up).
      </>,
      <>
        Scroll down and tap <strong>Add to Home Screen</strong>.
      </>,
      <>
        Tap <strong>Add</strong>. Open TourGuides from its new icon.
      </>,
    ],
  },
  {
    title: 'Computer (Chrome, Edge, Safari)',
    steps: [
      <>
        <strong>Chrome or Edge:</strong> click the install icon at the right end of the address bar (a screen with a
        down arrow), then <strong>Install</strong>.
      </>,
      <>
        No icon? Open the browser menu and choose <strong>Cast, save and share → Install page as app</strong> (Chrome)
        or <strong>Apps → Install this site as an app</strong> (Edge).
      </>,
      <>
        <strong>Safari on a Mac</strong> (macOS Sonoma or later): choose <strong>File → Add to Dock</strong>.
      </>,
    ],
  },
];

const InstallAction = () => {
  const { canPrompt, installed, iosManual } = useInstallState();
  if (installed) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-2xl border border-border-strong bg-surface p-4">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        TourGuides is already installed on this device. Open it from your home screen or app list.
      </p>
    );
  }
  if (canPrompt) {
    return (
      <Button size="lg" className="self-start" onClick={() => void promptInstall()}>
        <Download aria-hidden="true" />
        Install App
      </Button>
    );
  }
  if (iosManual) {
    return (
      <Button size="lg" className="self-start" onClick={showIosInstructions}>
        <Share aria-hidden="true" />
        View Instructions
      </Button>
    );
  }
  return (
    <p className="text-muted">Your browser has not offered to install yet: follow the steps for your device below.</p>
  );
};

/** /install: what installing gives and how to do it on each kind of device. */
export const InstallPage = () => {
  useDocumentTitle(`Install | ${BRAND}`);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-12 sm:px-6">
      <header className="flex flex-col gap-4">
        <h1 className="font-bold font-display text-4xl">Install TourGuides</h1>
        <p className="text-lg text-muted">
          Never miss your favorite bands on tour. Install the app on your device for quick access and offline use.
        </p>
        <InstallAction />
      </header>

      <section aria-labelledby="install-benefits" className="flex flex-col gap-4">
        <h2 id="install-benefits" className="font-bold font-display text-2xl">
          What you get
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {INSTALL_BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-border bg-surface p-5">
              <Icon className="size-6 text-accent" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-muted text-sm">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="install-steps" className="flex flex-col gap-4">
        <h2 id="install-steps" className="font-bold font-display text-2xl">
          How to install
        </h2>
        {platforms.map(({ title, steps }) => (
          <div key={title} className="rounded-2xl border border-border bg-surface p-5">
            <h3 className="font-semibold text-lg">{title}</h3>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-muted marker:text-accent">
              {steps.map((step, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
                <li key={index}>{step}</li>
              ))}
            </ol>
          </div>
        ))}
      </section>
    </div>
  );
};
