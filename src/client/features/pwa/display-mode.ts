/** Running from the home screen (Android/desktop: display-mode; iOS Safari: navigator.standalone). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/**
 * iPhone and iPad browsers never fire beforeinstallprompt: installing is done by hand from the Share menu.
 * iPadOS presents itself as a Mac, told apart by its touch screen.
 */
export function isIos(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
