import { Download, Share, X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  dismissInstallBanner,
  promptInstall,
  shouldShowInstallBanner,
  showIosInstructions,
  useInstallState,
} from '../install-prompt.ts';

/** Spec section 2, "Install prompt banner". */
export const InstallBanner = () => {
  const installState = useInstallState();
  if (!shouldShowInstallBanner(installState)) return null;
  const offersPrompt = installState.canPrompt;

  return (
    <section
      aria-labelledby="install-banner-title"
      className="pointer-events-auto relative flex w-full max-w-md animate-fade-in items-start gap-3 rounded-2xl border border-border-strong bg-surface-raised/95 p-4 pr-12 shadow-2xl backdrop-blur"
    >
      <img src="/icons/icon-192.png" alt="" width={44} height={44} className="size-11 shrink-0 rounded-xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <h2 id="install-banner-title" className="font-semibold font-sans text-base tracking-normal">
            Install TourGuides
          </h2>
          <p className="mt-0.5 text-muted text-sm">Get quick access and use offline. Install the app on your device.</p>
        </div>
        {offersPrompt ? (
          <Button size="sm" className="self-start" onClick={() => void promptInstall()}>
            <Download aria-hidden="true" />
            Install App
          </Button>
        ) : (
          <Button size="sm" className="self-start" onClick={showIosInstructions}>
            <Share aria-hidden="true" />
            View Instructions
          </Button>
        )}
      </div>
      <button
        type="button"
        onClick={dismissInstallBanner}
        aria-label="Dismiss install banner"
        className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-white/10 hover:text-foreground"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
};
