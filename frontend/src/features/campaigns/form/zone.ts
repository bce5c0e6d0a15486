import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The campaign API reads an instant without an offset as the client's wall-clock time and
 * answers every instant with the client's offset, so the form only ever holds wall-clock
 * times of the client's zone ("YYYY-MM-DD HH:mm:ss", what @mantine/dates' pickers hold),
 * whatever zone the browser is in.
 */
export interface ClientZone {
  /** IANA name from the status answer ('' from an older server: the offset alone is shown). */
  name: string;
  /** The client's offset from UTC now, in minutes. */
  minutes: number;
}

export const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss';

/** "2099-01-01T09:00:00-05:00" as answered → "2099-01-01 09:00:00"; null stays null. */
export function wallClockOf(answered: string | null | undefined): string | null {
  if (!answered) return null;
  return answered.slice(0, 19).replace('T', ' ');
}

/** The picker's wall-clock value as the API takes it (no offset: the client's zone). */
export function wireOf(wallClock: string | null): string | null {
  return wallClock ? wallClock.replace(' ', 'T') : null;
}

/** Now, on the client's wall clock. */
export function nowIn(zone: ClientZone, now: number = Date.now()): string {
  if (zone.name) {
    try {
      return dayjs(now).tz(zone.name).format(WALL_CLOCK);
    } catch {
      // an unknown zone name: fall back on the offset the status answer gave
    }
  }
  return dayjs(now).utc().add(zone.minutes, 'minute').format(WALL_CLOCK);
}

function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * "America/New_York, UTC-04:00": the zone a time is read in, with its offset at that time
 * (daylight saving differs between now and a schedule months ahead), else now.
 */
export function zoneLabel(zone: ClientZone, at: string | null): string {
  if (zone.name) {
    try {
      const local = at ? dayjs.tz(at, zone.name) : dayjs().tz(zone.name);
      return `${zone.name}, ${offsetLabel(local.utcOffset())}`;
    } catch {
      // an unknown zone name: the offset now
    }
  }
  return offsetLabel(zone.minutes);
}
