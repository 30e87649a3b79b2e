import { apiRequest } from '#client/lib/api-client.ts';
import type { DeleteAccountRequest, MeUser, ProfileUpdate } from '#shared/auth.ts';
import type { ShowImportResult } from '#shared/show-portability.ts';

const request = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', path: string, body?: unknown) =>
  apiRequest(method, path, { body });

/** PATCH /api/account/profile */
export async function updateProfile(input: ProfileUpdate): Promise<MeUser> {
  const response = await request('PATCH', '/api/account/profile', input);
  return ((await response.json()) as { user: MeUser }).user;
}

/** DELETE /api/account: removes the account and every row of it; the session cookie goes with it. */
export async function deleteAccount(input: DeleteAccountRequest): Promise<void> {
  await request('DELETE', '/api/account', input);
}

/** POST /api/account/two-factor/qr: the QR code of an otpauth:// URI as an SVG data URL for an <img>. */
export async function fetchTotpQrCode(uri: string): Promise<string> {
  const response = await request('POST', '/api/account/two-factor/qr', { uri });
  const { svg } = (await response.json()) as { svg: string };
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** GET a file from our API and hand it to the browser's downloads under `fileName`. */
async function downloadFile(path: string, fileName: string): Promise<void> {
  const response = await request('GET', path);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser; the object URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** GET /api/account/export, saved by the browser as a JSON file. */
export const downloadAccountExport = () => downloadFile('/api/account/export', 'tourguides-my-data.json');

/** GET /api/account/export/attended.csv: the shows marked "I was there", for spreadsheets. */
export const downloadAttendedCsv = () =>
  downloadFile('/api/account/export/attended.csv', 'tourguides-attended-shows.csv');

/** POST /api/account/import: a JSON export or CSV restored into an account with no shows; `dryRun` only checks. */
export async function importShows(file: File, dryRun: boolean): Promise<ShowImportResult> {
  const response = await apiRequest('POST', '/api/account/import', { file, query: { dryRun: dryRun ? 1 : undefined } });
  return (await response.json()) as ShowImportResult;
}
