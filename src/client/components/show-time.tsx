import { useViewerZone } from '#client/lib/viewer-zone.ts';
import { labelledShowTime, showTimeZoneLabel } from '#shared/dates.ts';

interface ShowTimeProps {
  date: string;
  /** 'HH:MM', wall-clock time at the venue. */
  time: string;
  /** The venue's IANA zone; null shows the time unlabelled. */
  timeZone: string | null;
}

/**
 * A show's time as the venue's clock reads it, never converted: '7:30 PM', or '7:30 PM MDT'
 * when the venue's zone differs from the viewer's (the zone is named in the tooltip). On a page
 * rendered by the server the zone is named until the browser knows the viewer's.
 */
export const ShowTime = ({ date, time, timeZone }: ShowTimeProps) => {
  const viewerZone = useViewerZone();
  const label = showTimeZoneLabel(date, timeZone, viewerZone);
  return (
    <time
      dateTime={`${date}T${time}`}
      title={label !== null && timeZone ? `Local time at the venue (${timeZone.replace(/_/g, ' ')})` : undefined}
    >
      {labelledShowTime(time, label)}
    </time>
  );
};
